import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
e = b * 2  # made by an operation, but needs no gradient
with torch.no_grad():
    f = a * 2  # not recorded, although a requires a gradient

for name, t in {"a": a, "b": b, "c": c, "d": d, "e": e, "f": f}.items():
    op = type(t.grad_fn).__name__ if t.grad_fn is not None else None
    print(
        f"{name}: is_leaf={t.is_leaf!s:5}  "
        f"requires_grad={t.requires_grad!s:5}  grad_fn={op}"
    )

# --- checks ---

# requires_grad=True: a leaf exactly when no recorded operation made it.
# claim: requires-grad-leaf-has-no-grad-fn
assert a.is_leaf and a.requires_grad and a.grad_fn is None
# claim: recorded-result-is-non-leaf
assert not c.is_leaf and c.requires_grad
# claim: recorded-result-is-non-leaf
assert type(c.grad_fn).__name__ == "MulBackward0"
assert not d.is_leaf and d.requires_grad
# requires_grad=False: always a leaf, whatever made it.
# claim: no-grad-tensor-always-leaf
assert b.is_leaf and not b.requires_grad
# claim: no-grad-tensor-always-leaf
assert e.is_leaf and not e.requires_grad and e.grad_fn is None
# claim: no-grad-result-is-leaf
assert f.is_leaf and not f.requires_grad
