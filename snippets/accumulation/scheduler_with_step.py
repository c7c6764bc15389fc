import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
N = 4  # micro-batches per optimizer step
for i in range(3 * N):
    (model(torch.randn(2, 4)).pow(2).mean() / N).backward()
    if (i + 1) % N == 0:
        optimizer.step()
        scheduler.step()  # once per optimizer step, right after it
        optimizer.zero_grad()
print(f"{scheduler.last_epoch} steps, lr = {scheduler.get_last_lr()[0]:.4f}")

# --- checks ---

lr = optimizer.param_groups[0]["lr"]
assert scheduler.last_epoch == 3 and abs(lr - 0.1 * 0.9**3) < 1e-9
