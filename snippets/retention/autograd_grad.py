import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b

(grad_a, grad_c) = torch.autograd.grad(d, [a, c])
print("returned:", grad_a, grad_c)
assert (grad_a.item(), grad_c.item()) == (2400, 120)
print("a.grad =", a.grad)
assert a.grad is None  # returned to the caller, not added into .grad
