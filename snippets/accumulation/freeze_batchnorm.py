import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Linear(8, 1))
model.train()  # at every epoch's start; then freeze the BatchNorm layers again
for module in model.modules():
    if isinstance(module, (nn.BatchNorm1d, nn.BatchNorm2d)):
        module.eval()  # normalize with running_mean and running_var
x, y = torch.randn(16, 4), torch.randn(16, 1)
for xb, yb in zip(x.chunk(4), y.chunk(4)):
    (nn.functional.mse_loss(model(xb), yb) / 4).backward()
print("BatchNorm in training mode:", model[1].training)
print(f"its running statistics updated {model[1].num_batches_tracked} times")

# --- checks ---

# claim: frozen-batchnorm-weights-still-learn
assert model[1].num_batches_tracked == 0 and model[1].weight.grad is not None
accumulated = [p.grad.clone() for p in model.parameters()]
model.zero_grad()
nn.functional.mse_loss(model(x), y).backward()
# the full batch's gradient up to rounding
assert all(
    (p.grad - a).abs().max() < 1e-6
    for p, a in zip(model.parameters(), accumulated)
)
model.train()
# claim: train-unfreezes-batchnorm
assert model[1].training
