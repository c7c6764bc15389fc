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
print("frozen, train mode: running_mean moved:", end=" ")
print(not torch.equal(bn.running_mean, before))
# claim: frozen-batchnorm-weights-get-no-grad
assert bn.weight.grad is None and bn.bias.grad is None
# ...but in train mode the running statistics still update.
# claim: frozen-batchnorm-stats-still-update
assert not torch.equal(bn.running_mean, before)

# Fix: eval() on the layer: it normalizes with its stored statistics.
bn.eval()
before = bn.running_mean.clone()
model(torch.randn(16, 4))
print("frozen, bn.eval(): running_mean moved:", end=" ")
print(not torch.equal(bn.running_mean, before))
# claim: batchnorm-eval-stops-stat-updates
assert torch.equal(bn.running_mean, before)

# model.train() sets every layer back to train mode: eval() the layer again.
model.train()
print("after model.train(): bn.training =", bn.training)
# claim: model-train-undoes-layer-eval
assert bn.training
