import copy

import torch

torch.manual_seed(0)
x, y = torch.randn(16, 4), 5 * torch.randn(16, 1)
model = torch.nn.Linear(4, 1)
loss_fn = torch.nn.MSELoss()
ACCUMULATION_STEPS = 4
MAX_NORM = 1.0

# Target: the full-batch gradient, clipped once.
reference = copy.deepcopy(model)
loss_fn(reference(x), y).backward()
norm = torch.nn.utils.clip_grad_norm_(reference.parameters(), MAX_NORM)
print(f"full-batch gradient norm {norm:.3f}, clipped to {MAX_NORM}")


def accumulate(clip_every_micro_batch):
    model.zero_grad()
    for i, (xb, yb) in enumerate(
        zip(x.chunk(ACCUMULATION_STEPS), y.chunk(ACCUMULATION_STEPS))
    ):
        (loss_fn(model(xb), yb) / ACCUMULATION_STEPS).backward()
        if clip_every_micro_batch or i + 1 == ACCUMULATION_STEPS:
            torch.nn.utils.clip_grad_norm_(model.parameters(), MAX_NORM)
    return max(
        (p.grad - q.grad).abs().max().item()
        for p, q in zip(model.parameters(), reference.parameters())
    )


wrong = accumulate(clip_every_micro_batch=True)
print(f"clipped after every micro-batch: difference {wrong:.3f}")
right = accumulate(clip_every_micro_batch=False)
print("clipped once, before step():     difference < 1e-06")

# --- checks ---

# so clipping really changes something
assert norm > MAX_NORM
# claim: clipping-every-micro-batch-differs summary-once-per-effective-batch
assert wrong > 0.01
# claim: clipping-once-matches-full-batch
assert right < 1e-6
