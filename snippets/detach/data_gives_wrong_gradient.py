import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
y = x.sigmoid()
# The correct gradient of sigmoid.
expected = (y * (1 - y)).detach()

# Like detach(): same storage, requires_grad=False, no grad_fn.
data = y.data
print("y.data: requires_grad =", data.requires_grad)
print("same storage as y:", data.data_ptr() == y.data_ptr())
# claim: data-looks-like-detach
assert not data.requires_grad and data.grad_fn is None
# claim: data-looks-like-detach
assert data.data_ptr() == y.data_ptr()

# The change that made backward raise through detach(), through .data:
data.zero_()
y.sum().backward()
print("x.grad   =", x.grad)
print("expected =", expected)
# No error, and a wrong answer: backward used the zeroed y.
# claim: data-change-goes-unnoticed summary-data-wrong-gradient
assert torch.equal(x.grad, torch.zeros(2))
# claim: data-change-goes-unnoticed
assert not torch.allclose(x.grad, expected)
