import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Linear(8, 1)
)
bn = model[1]
# Frozen weight and bias...
bn.requires_grad_(False)
before = bn.running_mean.clone()
model(torch.randn(16, 4)).sum().backward()
# ...but in train mode the running statistics still update.
moved = not torch.equal(bn.running_mean, before)
print("frozen, train mode: running_mean moved:", moved)

# Fix: eval() on the layer: it normalizes with its stored statistics.
bn.eval()
before = bn.running_mean.clone()
model(torch.randn(16, 4))
moved_in_eval = not torch.equal(bn.running_mean, before)
print("frozen, bn.eval(): running_mean moved:", moved_in_eval)

# model.train() sets every layer back to train mode: eval() the layer again.
model.train()
print("after model.train(): bn.training =", bn.training)

# --- checks ---

# claim: frozen-batchnorm-weights-get-no-grad
assert bn.weight.grad is None and bn.bias.grad is None
# claim: frozen-batchnorm-stats-still-update
assert moved
# claim: batchnorm-eval-stops-stat-updates
assert not moved_in_eval
# claim: model-train-undoes-layer-eval
assert bn.training
