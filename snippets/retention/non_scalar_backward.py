import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
# Three outputs, not one.
y = x * 2

try:
    y.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    # claim: vector-backward-raises
    assert "grad can be implicitly created only for scalar outputs" in str(
        error
    )
else:
    raise AssertionError("backward() on a vector should have raised")

# gradient=v: backward computes the vector-Jacobian product v^T (dy/dx).
v = torch.tensor([1.0, 0.1, 0.01])
y.backward(gradient=v)
print("y.backward(gradient=v): x.grad =", x.grad)
# claim: backward-gradient-is-vjp
assert torch.equal(x.grad, 2 * v)

# .sum() is the same as gradient=ones.
x.grad = None
(x * 2).sum().backward()
summed = x.grad.clone()
x.grad = None
(x * 2).backward(gradient=torch.ones(3))
print("(x * 2).sum().backward():", summed, "| gradient=ones:", x.grad)
# claim: sum-is-gradient-of-ones
assert torch.equal(summed, x.grad)
