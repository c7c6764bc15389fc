import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Linear(8, 1)
)
bn = model[1]
bn.requires_grad_(False)  # freezes its weight and bias
for fix in (False, True):
    model.train()  # as at the start of every epoch
    if fix:
        bn.eval()  # after model.train(): use and keep the stored statistics
    before = bn.running_mean.clone()
    model(torch.randn(16, 4))
    moved = not torch.equal(bn.running_mean, before)
    print(f"bn.eval() after model.train(): {fix}, statistics moved: {moved}")

# --- checks ---


def statistics_move():
    before = bn.running_mean.clone()
    model(torch.randn(16, 4))
    return not torch.equal(bn.running_mean, before)


bn.train()
model(torch.randn(16, 4)).sum().backward()
# claim: frozen-batchnorm-weights-get-no-grad
assert bn.weight.grad is None and bn.bias.grad is None
assert model[0].weight.grad is not None
# claim: frozen-batchnorm-stats-still-update
assert statistics_move()
bn.eval()
# claim: batchnorm-eval-stops-stat-updates
assert not statistics_move()
model.train()
# claim: model-train-undoes-layer-eval
assert bn.training and statistics_move()
