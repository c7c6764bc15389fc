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

# memory kept for backward: (data_ptr, numel) -> [bytes, number of graph nodes
# holding it]
held = {}
usage = {"now": 0, "peak": 0}
# every storage saved, to check what kind of tensors the graphs keep
saved_ptrs = set()


class Saved:
    """What autograd keeps instead of a saved tensor; deleted when the graph
    frees it."""

    def __init__(self, tensor):
        self.tensor, self.key = tensor, (tensor.data_ptr(), tensor.numel())
        saved_ptrs.add(tensor.data_ptr())
        entry = held.setdefault(
            self.key, [tensor.numel() * tensor.element_size(), 0]
        )
        entry[1] += 1
        # two nodes saving one tensor hold its memory once
        if entry[1] == 1:
            usage["now"] += entry[0]
            usage["peak"] = max(usage["peak"], usage["now"])

    def __del__(self):
        entry = held[self.key]
        entry[1] -= 1
        if entry[1] == 0:
            usage["now"] -= entry[0]
            del held[self.key]


def peak_mb(micro_batches):
    """Peak memory the graphs hold for backward during one optimizer step, in
    MB."""
    usage["peak"] = 0
    with saved_tensors_hooks(Saved, lambda saved: saved.tensor):
        for xb, yb in zip(x.chunk(micro_batches), y.chunk(micro_batches)):
            (
                torch.nn.functional.mse_loss(model(xb), yb) / micro_batches
            ).backward()
    model.zero_grad()
    return usage["peak"] / 2**20


full, micro = peak_mb(1), peak_mb(8)
print(
    f"one batch of {ROWS} rows:        {full:4.1f} MB"
    " held for backward at the peak"
)
print(
    f"8 micro-batches of {ROWS // 8} rows:  {micro:4.1f} MB"
    " held for backward at the peak"
)
print(f"ratio {full / micro:.1f} for 8 times fewer rows")
# A Linear whose input needs a gradient saves its weight: the same bytes for any
# batch size.
saved_weights = [
    p for p in model.parameters() if p.dim() == 2 and p.data_ptr() in saved_ptrs
]
weights = sum(w.numel() * w.element_size() for w in saved_weights) / 2**20
print(
    f"of which the weight matrices the graphs saved: {weights:.1f} MB,"
    " whatever the batch size"
)

# --- checks ---

# every graph freed what it saved when its backward returned
# claim: backward-frees-saved-tensors
assert usage["now"] == 0
# grows with the rows, not in proportion: saved weights do not shrink
# claim: saved-memory-shrinks-less-than-rows
assert 6 < full / micro < 8
# every Linear but the first, whose input x needs no gradient
# claim: linear-saves-weight-for-input-grad
assert len(saved_weights) == 3
