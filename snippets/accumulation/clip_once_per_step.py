import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), 5 * torch.randn(16, 1)
ACCUMULATION_STEPS = 4
for i, (xb, yb) in enumerate(zip(x.chunk(4), y.chunk(4))):
    loss = torch.nn.functional.mse_loss(model(xb), yb)
    (loss / ACCUMULATION_STEPS).backward()
    if (i + 1) % ACCUMULATION_STEPS == 0:
        # .grad now holds the whole batch's gradient: clip it once
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
print(f"gradient norm {norm:.3f}, clipped to 1.0 before step()")

# --- checks ---

assert norm > 1.0
