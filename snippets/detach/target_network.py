import copy

import torch

torch.manual_seed(0)
q_net = torch.nn.Linear(4, 2)
target_net = copy.deepcopy(q_net)  # a lagging copy, used only for targets
state, next_state = torch.randn(8, 4), torch.randn(8, 4)
action, reward = torch.randint(0, 2, (8, 1)), torch.randn(8)

q_taken = q_net(state).gather(1, action).squeeze(1)
with torch.no_grad():  # a fixed regression target, not something to optimize
    target = reward + 0.99 * target_net(next_state).max(dim=1).values
print("target.requires_grad =", target.requires_grad)
torch.nn.functional.mse_loss(q_taken, target).backward()
print("q_net grad set:", q_net.weight.grad is not None, end=" | ")
print("target_net grad:", target_net.weight.grad)

# --- checks ---

# claim: q-target-is-constant target-carries-no-graph
assert not target.requires_grad and target.grad_fn is None
# claim: q-loss-reaches-only-q-net
assert q_net.weight.grad is not None and target_net.weight.grad is None
# The copy's parameters require grad: outside no_grad() the same target
# would carry a graph back into them.
unguarded = reward + 0.99 * target_net(next_state).max(dim=1).values
# claim: target-carries-no-graph
assert all(p.requires_grad for p in target_net.parameters())
# claim: target-carries-no-graph
assert unguarded.grad_fn is not None
