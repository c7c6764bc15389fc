import math

import torch

ACCUMULATION_STEPS, EPOCHS = 4, 2
loader = torch.utils.data.DataLoader(torch.randn(38, 4), batch_size=4)
optimizer = torch.optim.SGD(torch.nn.Linear(4, 1).parameters(), lr=0.1)
steps_per_epoch = math.ceil(len(loader) / ACCUMULATION_STEPS)
scheduler = torch.optim.lr_scheduler.OneCycleLR(
    optimizer, max_lr=0.1, total_steps=EPOCHS * steps_per_epoch
)
print(f"per epoch: {len(loader)} micro-batches, {steps_per_epoch} steps")
print("total_steps:", scheduler.total_steps)

# --- checks ---

assert (len(loader), steps_per_epoch, scheduler.total_steps) == (10, 3, 6)
