import torch

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
model = torch.nn.Sequential(
    torch.nn.Linear(4, 8),
    torch.nn.BatchNorm1d(8),
    torch.nn.ReLU(),
    torch.nn.Linear(8, 1),
)
loss_fn = torch.nn.MSELoss()
ACCUMULATION_STEPS = 4

loss_fn(model(x), y).backward()
full_batch = [p.grad.clone() for p in model.parameters()]
model.zero_grad()
batchnorm = model[1]
batchnorm.reset_running_stats()
for xb, yb in zip(x.chunk(ACCUMULATION_STEPS), y.chunk(ACCUMULATION_STEPS)):
    # normalized with the statistics of these 4 rows
    (loss_fn(model(xb), yb) / ACCUMULATION_STEPS).backward()
diff = max(
    (p.grad - g).abs().max().item()
    for p, g in zip(model.parameters(), full_batch)
)
print(f"largest gradient difference, accumulated vs full batch: {diff:.2f}")
updates = batchnorm.num_batches_tracked.item()
print("running statistics updated", updates, "times in one effective batch")

# --- checks ---

# claim: batchnorm-accumulated-gradient-differs
assert diff > 0.1
# claim: batchnorm-stats-update-per-micro-batch
assert updates == ACCUMULATION_STEPS
