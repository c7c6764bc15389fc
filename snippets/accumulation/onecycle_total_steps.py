import math
import warnings

import torch

# len(loader), and the micro-batches per optimizer step
MICRO_BATCHES_PER_EPOCH = 10
ACCUMULATION_STEPS = 4
EPOCHS = 2
# Optimizer steps per epoch: 10 micro-batches = 4 + 4 + 2, the short group steps
# too.
STEPS_PER_EPOCH = math.ceil(MICRO_BATCHES_PER_EPOCH / ACCUMULATION_STEPS)


def train(make_scheduler):
    """Step the scheduler once per optimizer step; the learning rates used."""
    model = torch.nn.Linear(2, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = make_scheduler(optimizer)
    lrs = []
    for _ in range(EPOCHS):
        for i in range(MICRO_BATCHES_PER_EPOCH):
            model(torch.ones(1, 2)).sum().backward()
            last = i + 1 == MICRO_BATCHES_PER_EPOCH
            if (i + 1) % ACCUMULATION_STEPS == 0 or last:
                optimizer.step()
                optimizer.zero_grad()
                lrs.append(optimizer.param_groups[0]["lr"])
                scheduler.step()
    return lrs


def one_cycle(total_steps):
    return lambda optimizer: torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=0.1, total_steps=total_steps
    )


# Sized in optimizer steps: the schedule ends exactly at the last step.
lrs_in_steps = train(one_cycle(EPOCHS * STEPS_PER_EPOCH))
print(
    f"total_steps={EPOCHS * STEPS_PER_EPOCH} (optimizer steps):"
    f" {len(lrs_in_steps)} steps,"
    f" lr peaks at step {lrs_in_steps.index(max(lrs_in_steps)) + 1},"
    f" last lr {lrs_in_steps[-1]:.1e}"
)

# Sized in micro-batches: the schedule is over 3x too long and never comes down.
lrs = train(one_cycle(EPOCHS * MICRO_BATCHES_PER_EPOCH))
print(
    f"total_steps={EPOCHS * MICRO_BATCHES_PER_EPOCH} (micro-batches):"
    f" last lr {lrs[-1]:.1e}, still near the peak"
)

# Sized as len(loader) // ACCUMULATION_STEPS: the short group's step runs past
# the end.
floor_steps = EPOCHS * (MICRO_BATCHES_PER_EPOCH // ACCUMULATION_STEPS)
try:
    train(one_cycle(floor_steps))
except ValueError as error:
    print(f"total_steps={floor_steps} (floor division): ValueError: {error}")

# CosineAnnealingLR sized the same way raises nothing: past T_max it climbs
# back up.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    lrs_cosine = train(
        lambda optimizer: torch.optim.lr_scheduler.CosineAnnealingLR(
            optimizer, T_max=floor_steps
        )
    )
print(
    f"CosineAnnealingLR(T_max={floor_steps}), lr at each step:",
    ", ".join(f"{lr:.3f}" for lr in lrs_cosine),
)

# --- checks ---

# claim: onecycle-sized-in-steps-ends
assert len(lrs_in_steps) == 6 and lrs_in_steps[-1] < 1e-3
# claim: onecycle-sized-in-micro-batches-stays-high
assert lrs[-1] > 0.05
try:
    train(one_cycle(floor_steps))
except ValueError as caught_error:
    error = caught_error
# claim: onecycle-past-total-steps-raises
assert "Tried to step 5 times" in str(error)
# T_max=4: the minimum at the 5th step, then up again, with no warning
# claim: cosine-past-t-max-climbs-back
assert lrs_cosine[4] < 1e-9 and lrs_cosine[5] > 0.01 and not caught
