import copy

import torch

torch.manual_seed(0)
x, y = torch.randn(64, 4), torch.randn(64, 1)
model = torch.nn.Linear(4, 1)
# the mean over the rows it is given
loss_fn = torch.nn.MSELoss()
ACCUMULATION_STEPS = 4
# rows per optimizer step: 4 micro-batches of 4
BATCH = 16
# float32 rounding: the same numbers added in another order
TOLERANCE = 1e-6

# One effective batch, two ways.
loss_fn(model(x[:BATCH]), y[:BATCH]).backward()
full_batch = [p.grad.clone() for p in model.parameters()]
model.zero_grad()
for xb, yb in zip(
    x[:BATCH].chunk(ACCUMULATION_STEPS), y[:BATCH].chunk(ACCUMULATION_STEPS)
):
    # the mean of 4 means of 4 rows
    loss = loss_fn(model(xb), yb) / ACCUMULATION_STEPS
    loss.backward()
gradient_diff = max(
    (p.grad - g).abs().max().item()
    for p, g in zip(model.parameters(), full_batch)
)
print(f"gradient, accumulated vs full batch: differs by < {TOLERANCE:.0e}")
model.zero_grad()

# The training loop: one step() and one zero_grad() per ACCUMULATION_STEPS
# micro-batches.
reference = copy.deepcopy(model)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
steps = 0
for i, (xb, yb) in enumerate(
    zip(
        x.split(BATCH // ACCUMULATION_STEPS),
        y.split(BATCH // ACCUMULATION_STEPS),
    )
):
    loss = loss_fn(model(xb), yb) / ACCUMULATION_STEPS
    loss.backward()
    if (i + 1) % ACCUMULATION_STEPS == 0:
        optimizer.step()
        optimizer.zero_grad()
        steps += 1
print(f"{i + 1} micro-batches, {steps} optimizer steps")

# The same 4 steps on whole batches of 16 rows.
optimizer = torch.optim.SGD(reference.parameters(), lr=0.1)
for xb, yb in zip(x.split(BATCH), y.split(BATCH)):
    loss_fn(reference(xb), yb).backward()
    optimizer.step()
    optimizer.zero_grad()
weight_diff = max(
    (p - q).abs().max().item()
    for p, q in zip(model.parameters(), reference.parameters())
)
print(f"weights after 4 steps: differ by < {TOLERANCE:.0e}")

# --- checks ---

# claim: losses-average-by-default
assert loss_fn.reduction == "mean"
# claim: accumulated-gradient-equals-full-batch
assert gradient_diff < TOLERANCE
assert (i + 1, steps) == (16, 4)
# claim: accumulated-training-equals-full-batch
assert weight_diff < TOLERANCE
