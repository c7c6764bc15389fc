import torch

w = torch.zeros(3, requires_grad=True)
try:
    # w[0] is a view of w: writing into it writes into the leaf
    w[0] = 1.0
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    # claim: error-view-of-leaf-inplace
    assert "a view of a leaf Variable that requires grad" in str(error)
else:
    raise AssertionError("writing into a view of the leaf should have raised")

with torch.no_grad():
    w[0] = 1.0
print("inside torch.no_grad():", w)
