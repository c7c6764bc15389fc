import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
y = x.sigmoid()
expected = (y * (1 - y)).detach()  # the correct gradient of sigmoid

y.data.zero_()  # the same change as y.detach().zero_(), through .data
print("y._version =", y._version)
assert y._version == 0  # .data hides the change from the version counter

y.sum().backward()  # no error...
print("x.grad   =", x.grad)
print("expected =", expected)
assert torch.equal(x.grad, torch.zeros(2))  # ...and a wrong answer: backward used the zeroed y
assert not torch.allclose(x.grad, expected)
