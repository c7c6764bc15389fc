import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 1)
x, y = torch.randn(64, 8), torch.randn(64, 1)
step_loss = 0.0  # the loss of one optimizer step
for xb, yb in zip(x.chunk(4), y.chunk(4)):
    loss = torch.nn.functional.mse_loss(model(xb), yb) / 4
    loss.backward()
    step_loss += loss.detach()  # stays a tensor on the loss's device
# optimizer.step() and zero_grad() go here; log once per step:
print(f"the step's loss: {step_loss.item():.4f}")

# --- checks ---

# the loss of the whole 64-row batch, at the same weights
full = torch.nn.functional.mse_loss(model(x), y)
# claim: step-loss-is-batch-loss
assert abs(step_loss - full) < 1e-6
