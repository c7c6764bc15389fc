import torch

w = torch.nn.Parameter(torch.ones(2))
optimizer = torch.optim.SGD([w], lr=0.1)
# total_steps counts scheduler steps: one more than it allows raises
scheduler = torch.optim.lr_scheduler.OneCycleLR(
    optimizer, max_lr=0.1, total_steps=3
)
try:
    for _ in range(4):
        optimizer.step()
        scheduler.step()
except ValueError as error:
    print(f"ValueError: {error}")
    # claim: error-onecycle-stepped-past-total
    assert "Tried to step 4 times" in str(error)
else:
    raise AssertionError("stepping past total_steps should have raised")
