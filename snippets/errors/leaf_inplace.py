import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    w.add_(1.0)
except RuntimeError as error:
    print(f"RuntimeError: {error}")
try:
    w[0] = 5.0  # w[0] is a view of w: writing into it writes into the leaf
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# An optimizer updates its leaves this way
with torch.no_grad():
    w.add_(1.0)
    w[0] = 5.0
print("inside torch.no_grad():", w)

# --- checks ---

# claim: error-leaf-inplace-outside-no-grad
assert w.tolist() == [5.0, 3.0] and w.is_leaf
try:
    w.add_(1.0)
except RuntimeError as caught:
    error = caught
# claim: error-leaf-inplace-outside-no-grad
assert "a leaf Variable that requires grad" in str(error)
try:
    w[0] = 5.0
except RuntimeError as caught:
    view_error = caught
# claim: error-view-of-leaf-inplace
assert "a view of a leaf Variable that requires grad" in str(view_error)
