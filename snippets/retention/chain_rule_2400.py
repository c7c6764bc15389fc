import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
d.backward()

print("a.grad =", a.grad)
assert a.grad.item() == 100 * b.item() * a.item() ** 3 == 2400
print("b.grad =", b.grad)
assert b.grad is None  # requires_grad=False: no gradient is ever stored
