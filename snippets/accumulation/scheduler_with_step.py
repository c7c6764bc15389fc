import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
ACCUMULATION_STEPS = 4
for i in range(3 * ACCUMULATION_STEPS):
    loss = model(torch.randn(2, 4)).pow(2).mean()
    (loss / ACCUMULATION_STEPS).backward()
    if (i + 1) % ACCUMULATION_STEPS == 0:
        optimizer.step()
        scheduler.step()  # once per optimizer step, right after it
        optimizer.zero_grad()
lr = optimizer.param_groups[0]["lr"]
print(f"{scheduler.last_epoch} scheduler steps, lr = {lr:.4f}")

# --- checks ---

assert scheduler.last_epoch == 3 and abs(lr - 0.1 * 0.9**3) < 1e-9
