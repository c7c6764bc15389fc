import copy

import torch

torch.manual_seed(0)
net = torch.nn.Linear(4, 1)
target_net = copy.deepcopy(net).requires_grad_(False)  # a lagging copy
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
x, next_x, reward = torch.randn(8, 4), torch.randn(8, 4), torch.randn(8, 1)

target = reward + 0.99 * target_net(next_x)  # a constant: no graph behind it
torch.nn.functional.mse_loss(net(x), target).backward()
optimizer.step()
with torch.no_grad():  # EMA: target_net moves 1% of the way to net
    for t, p in zip(target_net.parameters(), net.parameters()):
        t.lerp_(p, 0.01)
print("target.requires_grad:", target.requires_grad)
assert not target.requires_grad and target_net.weight.grad is None
