import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 3), torch.randn(16, 1)
n = 4  # micro-batches per optimizer step
for i, (xb, yb) in enumerate(zip(x.chunk(n), y.chunk(n)), start=1):
    loss = torch.nn.functional.mse_loss(model(xb), yb) / n
    loss.backward()  # no zero_grad() here: the n gradients add up
    if i % n == 0:
        optimizer.step()
        optimizer.zero_grad()  # once per optimizer step, right after it
        print(f"micro-batch {i}: step(), then zero_grad():", model.weight.grad)

# --- checks ---

assert model.weight.grad is None
# The n divided micro-batch gradients add up to the full batch's gradient.
torch.nn.functional.mse_loss(model(x), y).backward()
full_batch = model.weight.grad.clone()
optimizer.zero_grad()
for xb, yb in zip(x.chunk(n), y.chunk(n)):
    (torch.nn.functional.mse_loss(model(xb), yb) / n).backward()
difference = (model.weight.grad - full_batch).abs().max().item()
# rounding only
# claim: accumulated-grad-equals-full-batch
assert difference < 1e-6
