import torch

torch.manual_seed(0)
x, y = torch.randn(16, 3), torch.randn(16, 1)
loss_fn = torch.nn.functional.mse_loss
n = 4  # micro-batches per optimizer step


def gradient_at_step(zero_every_micro_batch):
    torch.manual_seed(1)
    model = torch.nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, (xb, yb) in enumerate(zip(x.chunk(n), y.chunk(n)), start=1):
        if zero_every_micro_batch:
            optimizer.zero_grad()  # the bug: wipes the micro-batches before
        (loss_fn(model(xb), yb) / n).backward()
        if i % n == 0:
            grad = model.weight.grad.clone()  # what step() is about to use
            optimizer.step()
            optimizer.zero_grad()
    return model, grad


model, accumulated = gradient_at_step(zero_every_micro_batch=False)
_, last_only = gradient_at_step(zero_every_micro_batch=True)

torch.manual_seed(1)
fresh = torch.nn.Linear(3, 1)
loss_fn(fresh(x), y).backward()
full_batch = fresh.weight.grad
fresh.zero_grad()
(loss_fn(fresh(x[-4:]), y[-4:]) / n).backward()
last_micro_batch = fresh.weight.grad

error_accumulated = (accumulated - full_batch).abs().max().item()
error_last_only = (last_only - full_batch).abs().max().item()
assert error_accumulated < 1e-6
print("zero_grad() once per step:        |grad - full batch| < 1e-06")
# claim: zero-grad-every-micro-batch-last-only
assert error_last_only > 0.01
print("zero_grad() on every micro-batch: |grad - full batch| > 0.01")
# claim: zero-grad-every-micro-batch-last-only
assert torch.allclose(last_only, last_micro_batch)
print("  what step() used: the last micro-batch's gradient, divided by", n)
