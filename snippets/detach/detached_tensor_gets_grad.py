import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3

z = y.detach().requires_grad_(True)
print("z: is_leaf =", z.is_leaf, " requires_grad =", z.requires_grad)
assert z.is_leaf and z.requires_grad

loss = (z * z).sum()
loss.backward()
print("z.grad =", z.grad)  # d(z*z)/dz = 2z: z does get a gradient
assert torch.equal(z.grad, 2 * z.detach())

print("x.grad =", x.grad)  # but nothing flows back through the cut into x
assert x.grad is None
