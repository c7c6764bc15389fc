import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print("before: y.is_leaf =", y.is_leaf, " grad_fn =", type(y.grad_fn).__name__)
ptr = y.data_ptr()

# detach_() changes y itself: no new tensor.
y.detach_()
print(
    "after:  y.is_leaf =",
    y.is_leaf,
    " grad_fn =",
    y.grad_fn,
    " requires_grad =",
    y.requires_grad,
)
# claim: detach-in-place-makes-leaf
assert y.is_leaf and y.grad_fn is None and not y.requires_grad
# claim: detach-in-place-keeps-data
assert y.data_ptr() == ptr

view = (x * 2)[:1]
error = None
try:
    view.detach_()
except RuntimeError as caught:
    error = caught
    # The rest of the message is about DDP buckets.
    print(f"RuntimeError: {str(error).split('. If you')[0]}.")
# claim: view-cannot-detach-in-place
assert isinstance(error, RuntimeError)
assert "Can't detach views in-place. Use detach() instead." in str(error)
