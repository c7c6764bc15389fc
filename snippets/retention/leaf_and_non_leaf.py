import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b

for name, t in {"a": a, "b": b, "c": c, "d": d}.items():
    op = type(t.grad_fn).__name__ if t.grad_fn is not None else None
    print(f"{name}: is_leaf={t.is_leaf!s:5}  requires_grad={t.requires_grad!s:5}  grad_fn={op}")

assert a.is_leaf and a.requires_grad and a.grad_fn is None
assert b.is_leaf and not b.requires_grad  # a leaf too, but autograd ignores it
assert not c.is_leaf and type(c.grad_fn).__name__ == "MulBackward0"
assert not d.is_leaf and d.requires_grad
