import copy

import torch

torch.manual_seed(0)
q_net = torch.nn.Linear(4, 2)
target_net = copy.deepcopy(
    q_net
)  # a lagging copy, used only to compute targets
state, next_state = torch.randn(8, 4), torch.randn(8, 4)
action, reward = torch.randint(0, 2, (8, 1)), torch.randn(8)

q_taken = q_net(state).gather(1, action).squeeze(1)
target = reward + 0.99 * target_net(next_state).max(dim=1).values.detach()
print("target.requires_grad =", target.requires_grad)
assert (
    not target.requires_grad
)  # a fixed regression target, not something to optimize

torch.nn.functional.mse_loss(q_taken, target).backward()
print(
    "q_net grad set:",
    q_net.weight.grad is not None,
    "| target_net grad:",
    target_net.weight.grad,
)
assert q_net.weight.grad is not None and target_net.weight.grad is None
