import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3

# Cut first, then copy: the copy is not recorded.
a = y.detach().clone()
# Copy first (recorded as CloneBackward0), then cut.
b = y.clone().detach()
print("detach().clone():", a, " requires_grad =", a.requires_grad)
print("clone().detach():", b, " requires_grad =", b.requires_grad)
# claim: detach-clone-orders-same-values
assert torch.equal(a, b) and not a.requires_grad and not b.requires_grad
# claim: detach-clone-orders-same-values
assert a.data_ptr() != y.data_ptr() and b.data_ptr() != y.data_ptr()

# A plain clone() is a recorded operation: it stays in the graph.
c = y.clone()
print("y.clone(): grad_fn =", type(c.grad_fn).__name__)
# claim: clone-is-recorded-op
assert type(c.grad_fn).__name__ == "CloneBackward0"
c.sum().backward()
print("x.grad through the clone =", x.grad)
# claim: plain-clone-passes-gradient
assert torch.equal(x.grad, torch.tensor([3.0, 3.0]))

# torch.tensor() on a tensor copies it too, and warns.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    d = torch.tensor(y)
# claim: torch-tensor-on-tensor-warns
assert caught and caught[0].category is UserWarning
print(f"UserWarning: {caught[0].message}")
# claim: torch-tensor-on-tensor-warns
assert "sourceTensor.detach().clone()" in str(caught[0].message)
assert torch.equal(d, a) and not d.requires_grad
