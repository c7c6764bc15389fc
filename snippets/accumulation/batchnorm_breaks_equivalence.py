import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Linear(8, 1))
for xb, yb in zip(x.chunk(4), y.chunk(4)):  # each normalized on its own 4 rows
    (nn.functional.mse_loss(model(xb), yb) / 4).backward()
print(f"running statistics updated {model[1].num_batches_tracked} times")
loss = nn.functional.mse_loss(model(x), y)  # all 16 rows in one forward pass
(full_batch,) = torch.autograd.grad(loss, model[0].weight)
diff = (model[0].weight.grad - full_batch).abs().max()
print(f"largest gradient difference, accumulated vs full batch: {diff:.2f}")

# --- checks ---

# claim: batchnorm-accumulated-gradient-differs
assert diff > 0.1
# claim: batchnorm-stats-update-per-micro-batch
assert model[1].num_batches_tracked == 4 + 1  # and the full batch's forward
