import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randn(16, 1)
for xb, yb in zip(x.chunk(4), y.chunk(4)):
    with torch.autocast("cpu", dtype=torch.bfloat16):  # "cuda" on a GPU
        loss = torch.nn.functional.mse_loss(model(xb), yb)
    (loss / 4).backward()  # no GradScaler
print("the gradients add up in", model.weight.grad.dtype)
optimizer.step()
optimizer.zero_grad()

# --- checks ---

with torch.autocast("cpu", dtype=torch.bfloat16):
    out = model(x)
# the forward computes in bfloat16, the gradient lands in float32
assert out.dtype == torch.bfloat16
torch.nn.functional.mse_loss(out, y).backward()
# claim: autocast-grads-in-parameter-dtype
assert model.weight.grad.dtype == model.weight.dtype == torch.float32
