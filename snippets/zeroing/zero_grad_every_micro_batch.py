import torch

torch.manual_seed(0)
x, y = torch.randn(16, 3), torch.randn(16, 1)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
n = 4  # micro-batches per optimizer step
torch.nn.functional.mse_loss(model(x), y).backward()
full_batch = model.weight.grad.clone()  # what step() should get
for xb, yb in zip(x.chunk(n), y.chunk(n)):
    optimizer.zero_grad()  # the bug: wipes the micro-batches before
    (torch.nn.functional.mse_loss(model(xb), yb) / n).backward()
same = torch.allclose(model.weight.grad, full_batch)
print("step() would get the full batch's gradient:", same)

# --- checks ---

last_only = model.weight.grad.clone()
optimizer.zero_grad()
(torch.nn.functional.mse_loss(model(x[-4:]), y[-4:]) / n).backward()
last_micro_batch = model.weight.grad
# claim: zero-grad-every-micro-batch-last-only
assert (last_only - full_batch).abs().max().item() > 0.01
# claim: zero-grad-every-micro-batch-last-only
assert torch.allclose(last_only, last_micro_batch)
