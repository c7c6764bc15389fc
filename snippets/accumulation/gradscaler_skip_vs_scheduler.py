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
    for batch in range(EFFECTIVE_BATCHES):
        for _ in range(ACCUMULATION_STEPS):
            x = torch.randn(2, 4)
            if batch == 0:
                x = x * 1e30  # a batch whose gradient overflows to inf
            loss = model(x).pow(2).mean() / ACCUMULATION_STEPS
            scaler.scale(loss).backward()
        before = model.weight.detach().clone()
        scale = scaler.get_scale()
        scaler.step(optimizer)  # skipped: inf in the gradients
        scaler.update()  # and the scale is halved
        optimizer.zero_grad()
        stepped = scaler.get_scale() >= scale
        real_steps += int(stepped)
        assert stepped == (not torch.equal(before, model.weight))
        if stepped or not step_scheduler_only_after_real_steps:
            scheduler.step()
    return real_steps, scheduler.last_epoch, scaler.get_scale()


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    real_steps, scheduler_steps, scale = train(
        step_scheduler_only_after_real_steps=False
    )
print(
    f"always: {real_steps} optimizer steps, {scheduler_steps} scheduler steps,"
    f" scale now {scale:.0f}"
)
assert (real_steps, scheduler_steps, scale) == (3, 4, 2.0**15)
print(
    f"{caught[0].category.__name__}: {str(caught[0].message).split('. ')[0]}."
)
assert len(caught) == 1 and "before `optimizer.step()`" in str(
    caught[0].message
)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    real_steps, scheduler_steps, scale = train(
        step_scheduler_only_after_real_steps=True
    )
print(
    f"only after real steps: {real_steps} optimizer steps,"
    f" {scheduler_steps} scheduler steps"
)
assert (real_steps, scheduler_steps) == (3, 3) and not caught
