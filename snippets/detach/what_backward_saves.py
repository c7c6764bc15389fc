import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)


def saved_by(make):
    """The tensors autograd saves for backward while `make` runs."""
    saved = []

    def pack(t):
        saved.append(t)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = make()
    return out, saved


y, saved = saved_by(lambda: x.sigmoid())
print(
    "sigmoid saves", len(saved), "tensor; it is its own output:", saved[0] is y
)
# d sigmoid = y * (1 - y) needs y.
# claim: sigmoid-saves-its-output
assert len(saved) == 1 and saved[0] is y

y, saved = saved_by(lambda: x * 2)
print("x * 2 saves", len(saved), "tensors")
# d(2x)/dx = 2 needs no tensor at all.
# claim: times-two-saves-nothing
assert saved == []

# An in-place change nothing saved: backward runs, the gradient is right.
y.detach().add_(5)
y.sum().backward()
print("x.grad =", x.grad)
# claim: inplace-on-unsaved-is-harmless inplace-check-covers-saved-only
assert torch.equal(x.grad, torch.tensor([2.0, 2.0]))
