import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print("before: y.is_leaf =", y.is_leaf, " grad_fn =", y.grad_fn.name())
ptr = y.data_ptr()
y.detach_()
print(f"after:  y.is_leaf = {y.is_leaf}  grad_fn = {y.grad_fn}", end="")
print(f"  requires_grad = {y.requires_grad}")

try:
    (x * 2)[:1].detach_()  # a view
except RuntimeError as error:  # the end of its message is about DDP
    print(f"RuntimeError: {str(error).split('. If you')[0]}.")

# --- checks ---

# claim: detach-in-place-makes-leaf
assert y.is_leaf and y.grad_fn is None and not y.requires_grad
# claim: detach-in-place-keeps-data
assert y.data_ptr() == ptr
try:
    (x * 2)[:1].detach_()
except RuntimeError as caught:
    error = caught
# claim: view-cannot-detach-in-place
assert "Can't detach views in-place. Use detach() instead." in str(error)
