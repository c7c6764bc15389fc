import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
c.retain_grad()
d.retain_grad()

d.backward(retain_graph=True)
print("after 1st backward:", a.grad, c.grad, d.grad)
d.backward()
print("after 2nd backward:", a.grad, c.grad, d.grad)

# --- checks ---

# Twice the 2400, 120 and 1 of one backward pass (chain_rule_2400.py,
# retain_grad.py).
# claim: retain-graph-allows-second-backward
# claim: retain-graph-grads-accumulate summary-retain-graph-adds-up
assert (a.grad.item(), c.grad.item(), d.grad.item()) == (4800, 240, 2)
