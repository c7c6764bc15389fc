import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2  # three outputs, not one
try:
    y.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# gradient=v: backward computes the vector-Jacobian product v^T (dy/dx).
v = torch.tensor([1.0, 0.1, 0.01])
y.backward(gradient=v)
print("y.backward(gradient=v): x.grad =", x.grad)

# --- checks ---

try:
    y.backward()
except RuntimeError as caught:
    error = caught
# claim: vector-backward-raises
assert "grad can be implicitly created only for scalar outputs" in str(error)
# The rule is one element, whatever the shape: a [1, 1] output needs no
# gradient=, an empty output raises as a vector does.
one = torch.ones(1, 1, requires_grad=True)
(one * 2).backward()
# claim: vector-backward-raises
assert one.grad.item() == 2.0
empty = torch.ones(0, requires_grad=True)
try:
    (empty * 2).backward()
except RuntimeError as caught:
    empty_error = caught
# claim: vector-backward-raises
assert "only for scalar outputs" in str(empty_error)
# claim: backward-gradient-is-vjp
assert torch.equal(x.grad, 2 * v)
# The same on a Jacobian that is not diagonal, where v^T J differs from J v.
z = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(z * z.sum()).backward(gradient=v)
J = torch.autograd.functional.jacobian(lambda t: t * t.sum(), z.detach())
# claim: backward-gradient-is-vjp
assert torch.allclose(z.grad, v @ J) and not torch.allclose(z.grad, J @ v)
# .sum() is the same as gradient=ones.
x.grad = None
(x * 2).sum().backward()
summed = x.grad.clone()
x.grad = None
(x * 2).backward(gradient=torch.ones(3))
# claim: sum-is-gradient-of-ones
assert torch.equal(summed, x.grad)
