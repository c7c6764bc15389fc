import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
y = x.sigmoid()
expected = (y * (1 - y)).detach()  # the correct gradient of sigmoid

data = y.data
print("y.data: requires_grad =", data.requires_grad)
print("same storage as y:", data.data_ptr() == y.data_ptr())

data.zero_()  # the change that made backward raise through detach()
y.sum().backward()
print("x.grad   =", x.grad)
print("expected =", expected)

# --- checks ---

# claim: data-looks-like-detach
assert not data.requires_grad and data.grad_fn is None
# claim: data-looks-like-detach
assert data.data_ptr() == y.data_ptr()
# No error, and a wrong answer: backward used the zeroed y.
# claim: data-change-goes-unnoticed summary-data-wrong-gradient
assert torch.equal(x.grad, torch.zeros(2))
# claim: data-change-goes-unnoticed
assert not torch.allclose(x.grad, expected)
