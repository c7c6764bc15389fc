import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
z = y.detach()

print(
    "y: requires_grad =",
    y.requires_grad,
    " grad_fn =",
    type(y.grad_fn).__name__,
)
print(
    "z: requires_grad =",
    z.requires_grad,
    " grad_fn =",
    z.grad_fn,
    " is_leaf =",
    z.is_leaf,
)
assert y.requires_grad and y.grad_fn is not None
assert not z.requires_grad and z.grad_fn is None and z.is_leaf

print("same storage:", z.data_ptr() == y.data_ptr())
assert (
    z.data_ptr() == y.data_ptr()
)  # a new tensor object, not a copy of the data

z[0] = 100.0  # an in-place change through z...
print("y =", y)  # ...shows in y
assert y[0].item() == 100.0

copy = y.detach().clone()  # when you need data of your own
print("clone shares storage:", copy.data_ptr() == y.data_ptr())
assert copy.data_ptr() != y.data_ptr()
