import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 3), torch.randn(16, 1)
loss_fn = torch.nn.functional.mse_loss

loss_fn(model(x), y).backward()
full_batch = model.weight.grad.clone()
optimizer.zero_grad()

n = 4  # micro-batches per optimizer step
for i, (xb, yb) in enumerate(zip(x.chunk(n), y.chunk(n)), start=1):
    # no zero_grad here: let them add up
    (loss_fn(model(xb), yb) / n).backward()
    if i % n == 0:
        difference = (model.weight.grad - full_batch).abs().max().item()
        # rounding only
        # claim: accumulated-grad-equals-full-batch
        assert difference < 1e-6
        print(f"after {n} micro-batches: |grad - full batch grad| < 1e-06")
        optimizer.step()
        optimizer.zero_grad()  # once per optimizer step, right after it
assert model.weight.grad is None
