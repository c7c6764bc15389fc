import warnings

import torch
from torch.autograd.graph import saved_tensors_hooks
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
ROWS, WIDTH, SEGMENTS = 1024, 128, 2
layers = [
    layer
    for _ in range(8)
    for layer in (torch.nn.Linear(WIDTH, WIDTH), torch.nn.Tanh())
]
# 2 segments of 4 blocks
segments = [
    torch.nn.Sequential(*layers[i : i + 8]) for i in range(0, len(layers), 8)
]
model = torch.nn.Sequential(*segments)
x, y = torch.randn(ROWS, WIDTH), torch.randn(ROWS, WIDTH)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # use_reentrant not given: PyTorch asks for it
    checkpoint(segments[0], x[:1])
advice = [
    w for w in caught if "use_reentrant=False is recommended" in str(w.message)
]
print(
    "checkpoint() without use_reentrant warns that"
    " use_reentrant=False is recommended:",
    bool(advice),
)

# the same bookkeeping as the peak-memory example: bytes kept for backward
held = {}
usage = {"now": 0, "peak": 0}


class Saved:
    def __init__(self, tensor):
        self.tensor, self.key = tensor, (tensor.data_ptr(), tensor.numel())
        entry = held.setdefault(
            self.key, [tensor.numel() * tensor.element_size(), 0]
        )
        entry[1] += 1
        if entry[1] == 1:
            usage["now"] += entry[0]
            usage["peak"] = max(usage["peak"], usage["now"])

    def __del__(self):
        entry = held[self.key]
        entry[1] -= 1
        if entry[1] == 0:
            usage["now"] -= entry[0]
            del held[self.key]


def forward(xb, checkpointed):
    if not checkpointed:
        return model(xb)
    h = xb
    # keeps only each segment's input; recomputes the rest in backward
    for segment in segments:
        h = checkpoint(segment, h, use_reentrant=False)
    return h


def run(micro_batches, checkpointed):
    """Peak MB held for backward in one optimizer step, and the gradients."""
    usage["peak"] = 0
    with saved_tensors_hooks(Saved, lambda saved: saved.tensor):
        for xb, yb in zip(x.chunk(micro_batches), y.chunk(micro_batches)):
            (
                torch.nn.functional.mse_loss(forward(xb, checkpointed), yb)
                / micro_batches
            ).backward()
    grads = [p.grad.clone() for p in model.parameters()]
    model.zero_grad()
    return usage["peak"] / 2**20, grads


# micro-batches per optimizer step, for the figure below
micro_batch_counts = [1, 2, 4, 8]
plain = {n: run(n, checkpointed=False) for n in micro_batch_counts}
checkpointed = {n: run(n, checkpointed=True) for n in micro_batch_counts}
(full, reference), (micro, _) = plain[1], plain[8]
(ckpt, ckpt_grads), (both, both_grads) = checkpointed[1], checkpointed[8]
print(
    f"one batch of {ROWS} rows:           {full:5.2f} MB"
    " held for backward at the peak"
)
print(f"8 micro-batches:                    {micro:5.2f} MB")
print(f"checkpointing, {SEGMENTS} segments:           {ckpt:5.2f} MB")
print(f"checkpointing and 8 micro-batches:  {both:5.2f} MB")


def one_segment(rows):
    """MB one segment saves for backward: what a recomputation holds for a
    moment."""
    usage["peak"] = 0
    with saved_tensors_hooks(Saved, lambda saved: saved.tensor):
        # backward frees what it saved
        segments[1](x[:rows]).sum().backward()
    model.zero_grad()
    return usage["peak"] / 2**20


# Not in the counts above: during backward, checkpoint recomputes one segment
# at a time and holds that segment's saved tensors until its backward is done.
segment_full, segment_micro = one_segment(ROWS), one_segment(ROWS // 8)
print(
    f"plus, while a segment is recomputed: {segment_full:5.2f} MB"
    f" (whole batch), {segment_micro:4.2f} MB (micro-batch)"
)

calls = []
original_forward = segments[0].forward
# count the runs
segments[0].forward = lambda h: calls.append(1) or original_forward(h)
run(1, checkpointed=False)
plain_calls = len(calls)
run(1, checkpointed=True)
# back to the class's own forward
del segments[0].forward
print(
    f"forward passes through a segment per step: {plain_calls} without,"
    f" {len(calls) - plain_calls} with checkpointing"
)
# the same gradients: only the memory and time change
same = all(
    max((a - b).abs().max().item() for a, b in zip(grads, reference)) < 1e-6
    for grads in (ckpt_grads, both_grads)
)
print("gradients equal the full batch's in all four runs:", same)

peaks_plain = [plain[n][0] for n in micro_batch_counts]
peaks_checkpointed = [checkpointed[n][0] for n in micro_batch_counts]

# --- checks ---

# claim: checkpoint-recommends-use-reentrant-false
assert advice
# every run freed what its graphs saved
assert usage["now"] == 0
# claim: checkpointing-lowers-saved-memory
assert ckpt < full / 2 and both < micro / 2 and both < ckpt / 6
# claim: combined-below-accumulation-alone
assert both + segment_micro < micro
# claim: checkpointing-runs-segment-twice
assert (plain_calls, len(calls) - plain_calls) == (1, 2)
for grads in (ckpt_grads, both_grads):
    # claim: checkpointing-same-gradients
    assert (
        max((a - b).abs().max().item() for a, b in zip(grads, reference)) < 1e-6
    )
assert all(c < p for c, p in zip(peaks_checkpointed, peaks_plain))
