import copy

import torch

torch.manual_seed(0)
net = torch.nn.Sequential(
    torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Linear(8, 1)
)
# A lagging copy, frozen: it never gets a .grad.
target_net = copy.deepcopy(net).requires_grad_(False).eval()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
x, next_x, reward = torch.randn(8, 4), torch.randn(8, 4), torch.randn(8, 1)


def ema_update(target_net, net, weight=0.01):
    """Move target_net's parameters `weight` of the way; copy its buffers."""
    with torch.no_grad():
        for t, p in zip(target_net.parameters(), net.parameters()):
            t.lerp_(p, weight)
        for t, b in zip(target_net.buffers(), net.buffers()):
            t.copy_(b)


# The target is a constant: no graph is recorded behind it.
with torch.no_grad():
    target = reward + 0.99 * target_net(next_x)
torch.nn.functional.mse_loss(net(x), target).backward()
optimizer.step()
ema_update(target_net, net)
print("target.requires_grad:", target.requires_grad)

# --- checks ---

# claim: ema-copy-stays-frozen
assert not any(p.requires_grad for p in target_net.parameters())
# A target computed by mistake outside no_grad(): the frozen copy records
# nothing, and still gets no gradient.
mistake = reward + 0.99 * target_net(next_x)
torch.nn.functional.mse_loss(net(x), mistake).backward()
# claim: frozen-target-gets-no-grad
assert mistake.grad_fn is None
# claim: frozen-target-gets-no-grad
assert all(p.grad is None for p in target_net.parameters())
before = target_net[0].weight.clone()
ema_update(target_net, net)
# claim: ema-update-moves-one-percent
assert torch.allclose(
    target_net[0].weight, 0.99 * before + 0.01 * net[0].weight
)
assert not torch.equal(target_net[0].weight, before)
# claim: ema-update-copies-buffers
assert torch.equal(target_net[1].running_mean, net[1].running_mean)
