import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b

(grad_a, grad_c) = torch.autograd.grad(d, [a, c])
print("returned:", grad_a, grad_c)
# claim: autograd-grad-returns-not-accumulates autograd-grad-non-leaf
assert (grad_a.item(), grad_c.item()) == (2400, 120)
print("a.grad =", a.grad)
# Returned to the caller, not added into .grad.
# claim: autograd-grad-returns-not-accumulates
assert a.grad is None
