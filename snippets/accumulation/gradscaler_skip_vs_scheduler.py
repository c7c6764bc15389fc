import warnings

import torch

ACCUMULATION_STEPS = 2
EFFECTIVE_BATCHES = 4


def train(step_scheduler_only_after_real_steps):
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
    scaler = torch.amp.GradScaler("cpu")
    real_steps = 0
    scale = scaler.get_scale()
    for batch in range(EFFECTIVE_BATCHES):
        for _ in range(ACCUMULATION_STEPS):
            x = torch.randn(2, 4)
            if batch == 0:
                # a batch whose float16 forward overflows to inf
                x = x * 1e30
            with torch.autocast("cpu", dtype=torch.float16):
                loss = model(x).float().pow(2).mean()
            scaler.scale(loss / ACCUMULATION_STEPS).backward()
        # skipped if a gradient holds inf or nan; update() then halves the
        # scale
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
        previous, scale = scale, scaler.get_scale()
        stepped = scale >= previous
        real_steps += int(stepped)
        if stepped or not step_scheduler_only_after_real_steps:
            scheduler.step()
    return real_steps, scheduler.last_epoch, scale


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    real_steps, scheduler_steps, scale = train(
        step_scheduler_only_after_real_steps=False
    )
print(
    f"always: {real_steps} optimizer steps, {scheduler_steps} scheduler steps,"
    f" scale now {scale:.0f}"
)
for warning in caught[:1]:
    first_sentence = str(warning.message).split(". ")[0]
    print(f"{warning.category.__name__}: {first_sentence}.")
always = real_steps, scheduler_steps, scale, caught

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    real_steps, scheduler_steps, scale = train(
        step_scheduler_only_after_real_steps=True
    )
print(
    f"only after real steps: {real_steps} optimizer steps,"
    f" {scheduler_steps} scheduler steps"
)

# --- checks ---

# The same steps again, each compared with what it did to the weights.
torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
for batch in range(EFFECTIVE_BATCHES):
    for _ in range(ACCUMULATION_STEPS):
        x = torch.randn(2, 4) * (1e30 if batch == 0 else 1)
        with torch.autocast("cpu", dtype=torch.float16):
            loss = model(x).float().pow(2).mean()
        scaler.scale(loss / ACCUMULATION_STEPS).backward()
    before, scale = model.weight.detach().clone(), scaler.get_scale()
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad()
    # claim: lower-scale-means-skipped-step
    assert (scaler.get_scale() >= scale) == (
        not torch.equal(before, model.weight)
    )

real_steps_always, scheduler_steps_always, scale_always, caught_always = always
# claim: skipped-step-scheduler-runs-ahead
assert (real_steps_always, scheduler_steps_always) == (3, 4)
# claim: overflow-halves-the-scale
assert scale_always == 2.0**15
warning = caught_always[0] if caught_always else None
# claim: skipped-first-step-warns
assert warning and "before `optimizer.step()`" in str(warning.message)
# claim: scheduler-after-real-steps-only summary-once-per-effective-batch
assert (real_steps, scheduler_steps) == (3, 3) and not caught
