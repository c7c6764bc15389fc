import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3

z = y.detach().requires_grad_(True)
print("z: is_leaf =", z.is_leaf, " requires_grad =", z.requires_grad)

loss = (z * z).sum()
loss.backward()
# d(z*z)/dz = 2z: z does get a gradient.
print("z.grad =", z.grad)
# Nothing flows back through the cut into x.
print("x.grad =", x.grad)

# --- checks ---

# claim: detached-requires-grad-new-leaf
assert z.is_leaf and z.requires_grad
# claim: detached-leaf-gets-grad summary-detached-can-get-grad
assert torch.equal(z.grad, 2 * z.detach())
# claim: no-grad-flows-back-through-detach detach-stops-backward
assert x.grad is None
