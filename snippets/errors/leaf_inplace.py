import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    w.add_(1.0)
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    # claim: error-leaf-inplace-outside-no-grad
    assert "a leaf Variable that requires grad" in str(error)
else:
    raise AssertionError("an in-place change of the leaf should have raised")

try:
    # w[0] is a view of w: writing into it writes into the leaf
    w[0] = 5.0
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    # claim: error-view-of-leaf-inplace
    assert "a view of a leaf Variable that requires grad" in str(error)
else:
    raise AssertionError("writing into a view of the leaf should have raised")

# An optimizer updates its leaves this way
with torch.no_grad():
    w.add_(1.0)
    w[0] = 5.0
print("inside torch.no_grad():", w)
# claim: error-leaf-inplace-outside-no-grad
assert w.tolist() == [5.0, 3.0] and w.is_leaf
