import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3  # an intermediate result: its .grad is not kept by default
y.retain_grad()  # before backward()
(y * y).backward()
print("y.grad =", y.grad, "| x.grad =", x.grad)
assert y.grad.item() == 12.0 and x.grad.item() == 36.0
