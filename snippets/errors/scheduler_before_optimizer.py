import warnings

import torch

w = torch.nn.Parameter(torch.ones(2))
optimizer = torch.optim.SGD([w], lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for i in range(8):  # 8 micro-batches, an optimizer step every 4
        w.sum().backward()
        if (i + 1) % 4 == 0:
            optimizer.step()
            optimizer.zero_grad()
        scheduler.step()  # the bug: stepped on every micro-batch
print(f"{caught[0].category.__name__}: {caught[0].message}")
print("warnings over 8 micro-batches:", len(caught))

# --- checks ---

# claim: error-scheduler-before-optimizer-warns
assert len(caught) == 1 and caught[0].category is UserWarning
# claim: error-scheduler-before-optimizer-warns
assert "`lr_scheduler.step()` before `optimizer.step()`" in str(
    caught[0].message
)
# Only the scheduler's first step() is checked: the later seven are silent,
# and so is a first step() taken after an optimizer step.
assert scheduler.last_epoch == 8


def first_step_warns(optimizer_steps_first):
    w = torch.nn.Parameter(torch.ones(2))
    optimizer = torch.optim.SGD([w], lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)
    if optimizer_steps_first:
        w.sum().backward()
        optimizer.step()
    with warnings.catch_warnings(record=True) as first:
        warnings.simplefilter("always")
        scheduler.step()
    return len(first) == 1


# claim: error-scheduler-before-optimizer-warns
assert first_step_warns(False) and not first_step_warns(True)
