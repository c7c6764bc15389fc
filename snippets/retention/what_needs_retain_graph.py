import torch

x = torch.ones(3, requires_grad=True)


def saved_by(make):
    """How many tensors autograd saves for backward while `make` runs."""
    saved = []

    def pack(t):
        saved.append(t)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = make()
    return out, len(saved)


y, n = saved_by(lambda: (x + 1).sum())
print("(x + 1).sum() saves", n, "tensors")
# The derivatives of add and sum are constants.
# claim: add-and-sum-save-nothing
assert n == 0
y.backward()
# Nothing was freed, because nothing was saved.
y.backward()
print("backward twice: x.grad =", x.grad)
# claim: unsaved-graph-backward-twice-works
# claim: second-backward-error-needs-saved-tensors
assert x.grad.tolist() == [2.0, 2.0, 2.0]

z, n = saved_by(lambda: (x * x).sum())
print("(x * x).sum() saves", n, "tensors")
# mul keeps both inputs: d(x*x) needs x.
# claim: mul-saves-both-inputs
assert n == 2
z.backward()
try:
    z.backward()
except RuntimeError as error:
    print(f"backward twice: RuntimeError: {str(error)[:60]}...")
    # claim: saved-graph-backward-twice-raises
    # claim: second-backward-error-needs-saved-tensors
    assert "Trying to backward through the graph a second time" in str(error)
else:
    raise AssertionError("the second backward through x * x should have raised")
