import warnings

import torch

w = torch.nn.Parameter(torch.ones(2))
optimizer = torch.optim.SGD([w], lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # scheduler.step() with no optimizer.step() before it
    scheduler.step()
print(f"{caught[0].category.__name__}: {caught[0].message}")

# --- checks ---

# claim: error-scheduler-before-optimizer-warns
assert len(caught) == 1 and caught[0].category is UserWarning
# claim: error-scheduler-before-optimizer-warns
assert "`lr_scheduler.step()` before `optimizer.step()`" in str(
    caught[0].message
)
