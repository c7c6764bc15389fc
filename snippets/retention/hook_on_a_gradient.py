import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
seen = []


def log_grad(grad):
    # Returns None: the gradient flows on unchanged.
    seen.append(grad)


y.register_hook(log_grad)
(y * y).backward()
# claim: hook-sees-gradient-into-tensor
assert len(seen) == 1 and seen[0].item() == 12.0
print("gradient into y:", seen[0], "| x.grad:", x.grad)
# 2y = 12, times dy/dx = 3.
# claim: hook-returning-none-changes-nothing
assert x.grad.item() == 36.0

x.grad = None
y = x * 3
# Returns a tensor: it replaces the gradient.
y.register_hook(lambda grad: grad.clamp(max=1.0))
(y * y).backward()
print("x.grad with the clamp:", x.grad)
# claim: hook-returning-tensor-replaces-gradient
assert x.grad.item() == 3.0
