import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")  # "cuda" on a GPU
x, y = torch.randn(16, 4), torch.randn(16, 1)
for xb, yb in zip(x.chunk(4), y.chunk(4)):
    with torch.autocast("cpu", dtype=torch.float16):
        loss = torch.nn.functional.mse_loss(model(xb), yb)
    scaler.scale(loss / 4).backward()  # every micro-batch
scaler.step(optimizer)  # once per effective batch; unscales first
scaler.update()
optimizer.zero_grad()
print("scale after the step:", scaler.get_scale())

# --- checks ---

# no overflow on this data: the step was taken, the scale kept
assert scaler.get_scale() == 2.0**16
