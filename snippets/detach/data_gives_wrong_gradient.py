import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
y = x.sigmoid()
expected = (y * (1 - y)).detach()  # the correct gradient of sigmoid

data = y.data  # like detach(): same storage, requires_grad=False, no grad_fn...
print(
    "y.data: requires_grad =",
    data.requires_grad,
    " same storage:",
    data.data_ptr() == y.data_ptr(),
)
assert (
    not data.requires_grad
    and data.grad_fn is None
    and data.data_ptr() == y.data_ptr()
)

data.zero_()  # the same change as y.detach().zero_(), through .data
print("y._version =", y._version)
assert y._version == 0  # .data hides the change from the version counter

y.sum().backward()  # no error...
print("x.grad   =", x.grad)
print("expected =", expected)
assert torch.equal(
    x.grad, torch.zeros(2)
)  # ...and a wrong answer: backward used the zeroed y
assert not torch.allclose(x.grad, expected)
