import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3

a = y.detach().clone()  # cut first, then copy: the copy is not recorded
b = y.clone().detach()  # copy first (recorded as CloneBackward0), then cut
print("detach().clone():", a, " requires_grad =", a.requires_grad)
print("clone().detach():", b, " requires_grad =", b.requires_grad)
assert torch.equal(a, b) and not a.requires_grad and not b.requires_grad
assert (
    a.data_ptr() != y.data_ptr() and b.data_ptr() != y.data_ptr()
)  # both own their data
assert (
    type(y.clone().grad_fn).__name__ == "CloneBackward0"
)  # the step the second order records

# torch.tensor() on a tensor copies it too, and warns, naming detach().clone().
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    c = torch.tensor(y)
assert caught, "torch.tensor() on a tensor should have warned"
print(f"{caught[0].category.__name__}: {caught[0].message}")
assert caught[0].category is UserWarning
assert "sourceTensor.detach().clone()" in str(caught[0].message)
assert torch.equal(c, a) and not c.requires_grad
