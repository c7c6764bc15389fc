import torch

torch.manual_seed(0)
G, D = torch.nn.Linear(2, 3), torch.nn.Linear(3, 1)
bce = torch.nn.BCEWithLogitsLoss()
real, fake = torch.randn(4, 3), G(torch.randn(4, 2))
ones, zeros = torch.ones(4, 1), torch.zeros(4, 1)

(bce(D(real), ones) + bce(D(fake.detach()), zeros)).backward()
print("D step: discriminator grad set:", D.weight.grad is not None, end=" ")
print("| generator grad:", G.weight.grad)

D.zero_grad()  # G step: the same fake still has its graph
bce(D(fake), ones).backward()
print("G step: generator grad set:", G.weight.grad is not None)

# --- checks ---

# claim: fake-keeps-its-graph
assert G.weight.grad is not None
# The D step again, from clean gradients.
G.zero_grad()
D.zero_grad()
(bce(D(real), ones) + bce(D(fake.detach()), zeros)).backward()
# claim: detached-fake-stops-at-generator
assert D.weight.grad is not None and G.weight.grad is None
