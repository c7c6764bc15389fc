import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
y.register_hook(lambda grad: print("gradient into y:", grad))  # None: unchanged
(y * y).backward()
assert x.grad.item() == 36.0  # 2y = 12, times dy/dx = 3

x.grad = None
y = x * 3
y.register_hook(lambda grad: grad.clamp(max=1.0))  # a tensor: it replaces grad
(y * y).backward()
print("x.grad with the clamp:", x.grad)
assert x.grad.item() == 3.0
