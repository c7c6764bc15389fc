import torch
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8))
ema = AveragedModel(
    net, multi_avg_fn=get_ema_multi_avg_fn(0.99), use_buffers=True
)
# Its copy's parameters still require grad: freeze them, as for the copy above.
ema.requires_grad_(False)
# The first update copies; later ones move 1% of the way.
ema.update_parameters(net)
old_weight = ema.module[0].weight.clone()
old_mean = ema.module[1].running_mean.clone()

optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
net(torch.randn(16, 4)).pow(2).mean().backward()
optimizer.step()
ema.update_parameters(net)

weight_ok = torch.allclose(
    ema.module[0].weight, 0.99 * old_weight + 0.01 * net[0].weight
)
mean_ok = torch.allclose(
    ema.module[1].running_mean, 0.99 * old_mean + 0.01 * net[1].running_mean
)
print("parameters averaged:", weight_ok, "| buffers averaged:", mean_ok)

# --- checks ---

# claim: averaged-model-copy-requires-grad
assert all(p.requires_grad for p in AveragedModel(net).parameters())
# claim: averaged-model-ema-parameters
assert weight_ok and not torch.equal(ema.module[0].weight, old_weight)
# claim: averaged-model-ema-buffers
assert mean_ok and not torch.equal(ema.module[1].running_mean, old_mean)
