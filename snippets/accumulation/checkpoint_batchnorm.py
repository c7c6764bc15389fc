import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
x = torch.randn(16, 4)
segment = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Tanh())
checkpoint(segment, x, use_reentrant=False).sum().backward()
print("inside the segment:", segment[1].num_batches_tracked.item(), "updates")
linear, norm = segment[0], nn.BatchNorm1d(8)  # the same Linear, a new norm
norm(checkpoint(linear, x, use_reentrant=False)).tanh().sum().backward()
print("after the segment: ", norm.num_batches_tracked.item(), "update")

# --- checks ---

batch_mean = linear(x).mean(0).detach()
# momentum 0.1 applied twice to the same statistics: 0.1, then 0.9 * 0.1 + 0.1
inside, outside = segment[1].running_mean, norm.running_mean
# claim: checkpointed-batchnorm-updates-twice
assert segment[1].num_batches_tracked == 2
assert torch.allclose(inside, 0.19 * batch_mean, atol=1e-6)
# claim: batchnorm-outside-checkpoint-updates-once
assert norm.num_batches_tracked == 1
assert torch.allclose(outside, 0.1 * batch_mean, atol=1e-6)
