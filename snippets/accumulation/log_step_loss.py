import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(64, 8), torch.randn(64, 1)
step_loss = 0.0
for xb, yb in zip(x.chunk(4), y.chunk(4)):
    loss = torch.nn.functional.mse_loss(model(xb), yb) / 4
    loss.backward()
    step_loss += loss.detach()  # a tensor on the loss's device: no sync here
optimizer.step()
optimizer.zero_grad()
print(f"the step's loss: {step_loss.item():.4f}, the 64-row batch's loss")

# --- checks ---

# the loss of the whole batch at the weights before the step
torch.manual_seed(0)
before = torch.nn.Linear(8, 1)
full = torch.nn.functional.mse_loss(before(x), y)
assert abs(step_loss - full) < 1e-6
