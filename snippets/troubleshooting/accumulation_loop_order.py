import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=1.0)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
ACCUMULATION_STEPS = 4
for i in range(2 * ACCUMULATION_STEPS):
    (model(torch.randn(8, 4)).pow(2).mean() / ACCUMULATION_STEPS).backward()
    if (i + 1) % ACCUMULATION_STEPS == 0:
        optimizer.step()
        scheduler.step()  # after optimizer.step(), once per step
        optimizer.zero_grad()  # once per step, not per micro-batch
print("after 2 optimizer steps, lr =", optimizer.param_groups[0]["lr"])

# --- checks ---

assert optimizer.param_groups[0]["lr"] == 0.5**2
