import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
x, y = torch.randn(12, 4), torch.randn(12, 1)
# micro-batches of 8, 2 and 2 rows: sum each one's loss, divide by all 12 rows
for xb, yb in zip(x.split([8, 2, 2]), y.split([8, 2, 2])):
    loss = torch.nn.functional.mse_loss(model(xb), yb, reduction="sum")
    (loss / len(x)).backward()
print(f"accumulated gradient norm: {model.weight.grad.norm():.4f}")

# --- checks ---

accumulated = model.weight.grad.clone()
model.zero_grad()
torch.nn.functional.mse_loss(model(x), y).backward()
assert (model.weight.grad - accumulated).abs().max() < 1e-6
