import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
scaler = torch.amp.GradScaler("cpu")  # "cuda" on a GPU
scale = scaler.get_scale()
for inputs in (torch.full((2, 4), 1e30), torch.ones(2, 4), torch.ones(2, 4)):
    scaler.scale(model(inputs).square().mean()).backward()  # the first: inf
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad()
    previous, scale = scale, scaler.get_scale()
    if scale >= previous:  # update() lowers the scale after a skipped step
        scheduler.step()
print(f"3 optimizer steps, 1 skipped: {scheduler.last_epoch} scheduler steps")

# --- checks ---

assert scheduler.last_epoch == 2 and scale == 2.0**15
