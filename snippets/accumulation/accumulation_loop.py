import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(64, 4), torch.randn(64, 1)
N = 4  # micro-batches per optimizer step

for i, (xb, yb) in enumerate(zip(x.split(4), y.split(4))):
    (torch.nn.functional.mse_loss(model(xb), yb) / N).backward()  # adds up
    if (i + 1) % N == 0:
        optimizer.step()
        optimizer.zero_grad()
print(f"{i + 1} micro-batches of 4 rows, {(i + 1) // 4} optimizer steps")

# --- checks ---

# the same 4 steps on whole batches of 16 rows
torch.manual_seed(0)
big = torch.nn.Linear(4, 1)
big_optimizer = torch.optim.SGD(big.parameters(), lr=0.1)
for xb, yb in zip(x.split(16), y.split(16)):
    torch.nn.functional.mse_loss(big(xb), yb).backward()
    big_optimizer.step()
    big_optimizer.zero_grad()
assert all(
    (p - q).abs().max() < 1e-6
    for p, q in zip(model.parameters(), big.parameters())
)
