import torch
from torch.autograd.graph import saved_tensors_hooks

torch.manual_seed(0)
ROWS, WIDTH = 4096, 256
model = torch.nn.Sequential(
    *[
        layer
        for _ in range(4)
        for layer in (torch.nn.Linear(WIDTH, WIDTH), torch.nn.Tanh())
    ]
)
x, y = torch.randn(ROWS, WIDTH), torch.randn(ROWS, WIDTH)
# Storage that exists before any forward pass: a graph that saves it (a weight,
# a view of the batch) keeps a reference, not new memory.
OLD = {t.untyped_storage().data_ptr() for t in (x, y, *model.parameters())}

# new storage kept for backward: data_ptr -> [bytes, saved tensors holding it]
held = {}
usage = {"now": 0, "peak": 0}
# what the graphs saved that was not new: a weight, or a view of x
references = []


class Saved:
    """What autograd keeps instead of a saved tensor; deleted when the graph
    frees it."""

    def __init__(self, tensor):
        self.tensor = tensor
        self.key = tensor.untyped_storage().data_ptr()
        if self.key in OLD:
            references.append(tensor)
            return
        entry = held.setdefault(
            self.key, [tensor.untyped_storage().nbytes(), 0]
        )
        entry[1] += 1
        # two nodes saving one tensor hold its memory once
        if entry[1] == 1:
            usage["now"] += entry[0]
            usage["peak"] = max(usage["peak"], usage["now"])

    def __del__(self):
        if self.key in OLD:
            return
        entry = held[self.key]
        entry[1] -= 1
        if entry[1] == 0:
            usage["now"] -= entry[0]
            del held[self.key]


def peak_mb(micro_batches):
    """Peak of the new memory the graphs hold for backward during one
    optimizer step, in MB."""
    usage["peak"] = 0
    references.clear()
    with saved_tensors_hooks(Saved, lambda saved: saved.tensor):
        for xb, yb in zip(x.chunk(micro_batches), y.chunk(micro_batches)):
            (
                torch.nn.functional.mse_loss(model(xb), yb) / micro_batches
            ).backward()
    model.zero_grad()
    return usage["peak"] / 2**20


full, micro = peak_mb(1), peak_mb(8)
print(f"one batch of {ROWS} rows:       {full:5.2f} MB held for backward")
print(f"8 micro-batches of {ROWS // 8} rows: {micro:5.2f} MB held for backward")
print(f"ratio {full / micro:.2f} for 8 times fewer rows")
linears = [layer for layer in model if isinstance(layer, torch.nn.Linear)]
saved_ptrs = {t.untyped_storage().data_ptr() for t in references}
weights = [
    i + 1
    for i, linear in enumerate(linears)
    if linear.weight.untyped_storage().data_ptr() in saved_ptrs
]
print(
    "saved with no new memory: the weights of Linear", weights, "and x's chunks"
)

# --- checks ---

# every graph freed what it saved when its backward returned
# claim: backward-frees-saved-tensors
assert usage["now"] == 0
# every Linear but the first, whose input x needs no gradient; a weight saved
# is the parameter's own storage
# claim: linear-saves-weight-for-input-grad
assert weights == [2, 3, 4]
# the first Linear's input, as saved, is a chunk of x: a view, no new memory
# claim: saved-input-chunk-is-a-view
assert any(t._base is x for t in references)
# the per-graph figures of the recipe above: a step holds one graph at a time
# claim: step-peak-is-one-micro-batch summary-memory-not-arithmetic
assert full == 8 * micro == 16
