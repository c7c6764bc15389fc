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
    message = str(error)
    print(f"ValueError: {message}")

# --- checks ---

# claim: error-onecycle-stepped-past-total
assert "Tried to step 4 times" in message
