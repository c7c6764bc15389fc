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


# The derivatives of add and sum are constants: nothing to save.
y, saved_by_add = saved_by(lambda: (x + 1).sum())
print("(x + 1).sum() saves", saved_by_add, "tensors")
y.backward()
# Nothing was freed, because nothing was saved.
y.backward()
print("backward twice: x.grad =", x.grad)

# mul keeps both inputs: d(x*x) needs x.
z, saved_by_mul = saved_by(lambda: (x * x).sum())
print("(x * x).sum() saves", saved_by_mul, "tensors")
z.backward()
try:
    z.backward()
except RuntimeError as error:
    print(f"backward twice: RuntimeError: {str(error)[:60]}...")

# --- checks ---

# claim: add-and-sum-save-nothing
assert saved_by_add == 0
# 1 from each of the two backward passes of (x + 1).sum(), then 2x = 2 from
# the one backward of (x * x).sum() that ran.
# claim: unsaved-graph-backward-twice-works
# claim: second-backward-error-needs-saved-tensors
assert x.grad.tolist() == [4.0, 4.0, 4.0]
# claim: mul-saves-both-inputs
assert saved_by_mul == 2
# For each factor that needs a gradient, mul saves the other: x * data
# saves data alone.
data = torch.ones(3)
# claim: mul-saves-both-inputs
assert saved_by(lambda: (x * data).sum())[1] == 1
try:
    z.backward()
except RuntimeError as caught:
    freed = caught
# claim: saved-graph-backward-twice-raises
# claim: second-backward-error-needs-saved-tensors
assert "Trying to backward through the graph a second time" in str(freed)
