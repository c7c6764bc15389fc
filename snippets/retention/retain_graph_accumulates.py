import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
c.retain_grad()
d.retain_grad()

d.backward(retain_graph=True)
first = [t.grad.item() for t in (a, c, d)]
print("a, c, d .grad after 1st backward:", first)
d.backward()
second = [t.grad.item() for t in (a, c, d)]
print("a, c, d .grad after 2nd backward:", second)

# --- checks ---

assert first == [2400, 120, 1]
# claim: retain-graph-allows-second-backward
# claim: retain-graph-grads-accumulate summary-retain-graph-adds-up
assert second == [4800, 240, 2]
