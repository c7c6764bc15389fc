import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), 5 * torch.randn(16, 1)
for i, (xb, yb) in enumerate(zip(x.chunk(4), y.chunk(4))):  # 4 micro-batches
    (torch.nn.functional.mse_loss(model(xb), yb) / 4).backward()
    if (i + 1) % 4 == 0:  # .grad holds the whole batch's gradient: clip it
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
print(f"gradient norm {norm:.3f}, clipped to 1.0 before step()")

# --- checks ---

assert norm > 1.0
