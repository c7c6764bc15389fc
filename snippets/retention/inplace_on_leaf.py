import torch

a = torch.tensor(2.0, requires_grad=True)
try:
    a.add_(1)
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    assert (
        "a leaf Variable that requires grad is being used in an in-place"
        in str(error)
    )
else:
    raise AssertionError("an in-place change of a should have raised")

# After backward, under no_grad(): how optimizers update parameters.
optimizer = torch.optim.SGD([a], lr=0.1)
(a * a).backward()
optimizer.step()  # a -= 0.1 * a.grad, done as a plain value change
print(
    "after optimizer.step(): a =",
    a,
    " is_leaf =",
    a.is_leaf,
    " grad_fn =",
    a.grad_fn,
)
assert abs(a.item() - 1.6) < 1e-6 and a.is_leaf and a.grad_fn is None
with torch.no_grad():
    a.add_(1)  # the same kind of change, by hand
assert abs(a.item() - 2.6) < 1e-6 and a.is_leaf and a.requires_grad

# Between forward and backward, the same no_grad() change
# breaks the pending backward:
# c = a * a saved a for its gradient, and a's version counter has moved on.
a = torch.tensor(2.0, requires_grad=True)
c = a * a
with torch.no_grad():
    a.add_(1)
print("a._version =", a._version)
try:
    c.backward()
except RuntimeError as error:
    print(f"RuntimeError: {str(error).split(' Hint:')[0]}")
    assert "modified by an inplace operation" in str(error)
    assert "is at version 1; expected version 0" in str(error)
else:
    raise AssertionError(
        "backward after changing a saved leaf should have raised"
    )
