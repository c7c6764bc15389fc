import torch

g, d = torch.nn.Linear(2, 3), torch.nn.Linear(3, 1)
gan = torch.nn.ModuleDict({"generator": g, "discriminator": d})
opt_g = torch.optim.Adam(g.parameters(), lr=1e-3)
opt_d = torch.optim.Adam(d.parameters(), lr=1e-3)
fake = g(torch.ones(4, 2))
d(fake).mean().backward()  # a discriminator loss, without fake.detach()
print("after the D backward, G has a gradient:", g.weight.grad is not None)
opt_d.zero_grad()
print("opt_d.zero_grad(): D", d.weight.grad, "| G", g.weight.grad is not None)
gan.zero_grad()
print("gan.zero_grad(): G", g.weight.grad, "D", d.weight.grad)

# --- checks ---

d(g(torch.randn(4, 2))).mean().backward()
# claim: discriminator-backward-reaches-generator
assert g.weight.grad is not None and d.weight.grad is not None
opt_d.zero_grad()
# claim: each-optimizer-clears-own-params
assert d.weight.grad is None and g.weight.grad is not None
opt_g.zero_grad()
# claim: each-optimizer-clears-own-params
assert g.weight.grad is None
d(g(torch.randn(4, 2))).mean().backward()
gan.zero_grad()
# claim: module-zero-grad-clears-both-parts
assert all(p.grad is None for p in gan.parameters())
