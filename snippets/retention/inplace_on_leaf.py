import torch

a = torch.tensor(2.0, requires_grad=True)

try:
    a.add_(1)
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    assert "a leaf Variable that requires grad is being used in an in-place operation" in str(error)
else:
    raise AssertionError("an in-place change of a should have raised")

# Optimizers update parameters this way: outside the graph, as plain values.
with torch.no_grad():
    a.add_(1)
print("a =", a, " is_leaf =", a.is_leaf)
assert a.item() == 3 and a.is_leaf and a.requires_grad
