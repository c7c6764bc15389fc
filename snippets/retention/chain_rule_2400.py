import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
d.backward()

print("a.grad =", a.grad)
# b does not require a gradient: none is ever stored.
print("b.grad =", b.grad)

# --- checks ---

import warnings  # noqa: E402

# claim: backward-puts-2400-in-a-grad
assert a.grad.item() == 100 * b.item() * a.item() ** 3 == 2400
# claim: no-grad-leaf-gets-no-grad backward-fills-only-grad-leaves
# claim: summary-only-grad-leaves-get-grad
assert b.grad is None
# Every kind of tensor in one graph: only the leaf that requires a gradient
# gets one (b, e and f are leaves that do not; c, d and total are not leaves).
e = b * 2
with torch.no_grad():
    f = a * 2
a.grad = None
c = a * a * 5
d = c * c * b
total = d + e * f * c
total.backward()
tensors = {"a": a, "b": b, "c": c, "d": d, "e": e, "f": f, "total": total}
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # reading a non-leaf's .grad warns
    filled = {name for name, t in tensors.items() if t.grad is not None}
# claim: backward-fills-only-grad-leaves summary-only-grad-leaves-get-grad
assert filled == {"a"}
