import torch

torch.manual_seed(0)
model, x, y = torch.nn.Linear(4, 1), torch.randn(16, 4), torch.randn(16, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")  # on a GPU: "cuda", autocast in forward

for xb, yb in zip(x.chunk(4), y.chunk(4)):  # 4 micro-batches, one step
    loss = torch.nn.functional.mse_loss(model(xb), yb) / 4
    scaler.scale(loss).backward()  # .grad: the sum, times the scale
scaler.unscale_(optimizer)  # .grad: the real gradient, ready to clip
norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.5)
scaler.step(optimizer)  # skipped if a gradient is inf or nan
scaler.update()
optimizer.zero_grad()
print(f"gradient norm before clipping: {norm:.1f} (clipped to 0.5)")
assert norm > 0.5
