import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
a, b = y.detach().clone(), y.clone().detach()
print("detach().clone():", a, " requires_grad =", a.requires_grad)
print("clone().detach():", b, " requires_grad =", b.requires_grad)

c = y.clone()  # a plain clone() stays in the graph
print("y.clone(): grad_fn =", type(c.grad_fn).__name__)
c.sum().backward()
print("x.grad through the clone =", x.grad)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    d = torch.tensor(y)  # copies too, and warns
print(f"UserWarning: {caught[0].message}")

# --- checks ---

# claim: detach-clone-orders-same-values
assert torch.equal(a, b) and not a.requires_grad and not b.requires_grad
# claim: detach-clone-orders-same-values
assert a.data_ptr() != y.data_ptr() and b.data_ptr() != y.data_ptr()
# claim: clone-is-recorded-op
assert type(c.grad_fn).__name__ == "CloneBackward0"
# claim: plain-clone-passes-gradient
assert torch.equal(x.grad, torch.tensor([3.0, 3.0]))
# claim: torch-tensor-on-tensor-warns
assert caught and caught[0].category is UserWarning
# claim: torch-tensor-on-tensor-warns
assert "sourceTensor.detach().clone()" in str(caught[0].message)
assert torch.equal(d, a) and not d.requires_grad
