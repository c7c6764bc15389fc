import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print("before: y.is_leaf =", y.is_leaf, " grad_fn =", type(y.grad_fn).__name__)
assert not y.is_leaf

ptr = y.data_ptr()
y.detach_()  # changes y itself: no new tensor
print(
    "after:  y.is_leaf =",
    y.is_leaf,
    " grad_fn =",
    y.grad_fn,
    " requires_grad =",
    y.requires_grad,
)
assert y.is_leaf and y.grad_fn is None and not y.requires_grad
assert y.data_ptr() == ptr

view = (x * 2)[:1]
try:
    view.detach_()
except RuntimeError as error:
    print(
        f"RuntimeError: {str(error).split('. If you')[0]}."
    )  # the rest is about DDP buckets
    assert "Can't detach views in-place. Use detach() instead." in str(error)
else:
    raise AssertionError("detach_() on a view should have raised")
