import torch

x = torch.ones(3, requires_grad=True)
y = (x + 1).sum()  # add and sum save nothing for backward
y.backward()
y.backward()  # nothing was freed, because nothing was saved
print("(x + 1).sum(), backward twice: x.grad =", x.grad)

z = (x * x).sum()  # mul saves x: d(x * x)/dx = 2x needs it
z.backward()
try:
    z.backward()
except RuntimeError as error:
    print(f"(x * x).sum(), backward twice: RuntimeError: {str(error)[:52]}...")

# --- checks ---

SECOND_TIME = "Trying to backward through the graph a second time"


def saved_by(make):
    """The tensors autograd's saved-tensor hooks see while make() runs."""
    saved = []

    def pack(t):
        saved.append(t)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        make()
    return saved


# claim: add-and-sum-save-nothing
assert saved_by(lambda: (x + 1).sum()) == []
# 1 from each of the two backward passes of (x + 1).sum(), then 2x = 2 from
# the one backward of (x * x).sum() that ran.
# claim: unsaved-graph-backward-twice-works
assert x.grad.tolist() == [4.0, 4.0, 4.0]
# x * x needs a gradient for both factors: both are saved (x, twice).
saved = saved_by(lambda: (x * x).sum())
# claim: mul-saves-both-inputs
assert len(saved) == 2 and all(t is x for t in saved)
try:
    z.backward()
except RuntimeError as caught:
    freed = caught
# claim: saved-graph-backward-twice-raises
assert SECOND_TIME in str(freed)
