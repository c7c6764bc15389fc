import torch

torch.manual_seed(0)
gan = torch.nn.ModuleDict(
    {
        "generator": torch.nn.Linear(2, 3),
        "discriminator": torch.nn.Linear(3, 1),
    }
)
g, d = gan["generator"], gan["discriminator"]
opt_g = torch.optim.Adam(g.parameters(), lr=1e-3)
opt_d = torch.optim.Adam(d.parameters(), lr=1e-3)

fake = g(torch.randn(4, 2))
# a discriminator loss, without fake.detach()
d(fake).mean().backward()
print("after the D backward, G has a gradient too:", g.weight.grad is not None)
# claim: discriminator-backward-reaches-generator
assert g.weight.grad is not None and d.weight.grad is not None

opt_d.zero_grad()
print(
    "opt_d.zero_grad(): D",
    d.weight.grad,
    "| G still has one:",
    g.weight.grad is not None,
)
# claim: each-optimizer-clears-own-params
assert d.weight.grad is None and g.weight.grad is not None

opt_g.zero_grad()
# claim: each-optimizer-clears-own-params
assert g.weight.grad is None

d(g(torch.randn(4, 2))).mean().backward()
gan.zero_grad()
print("gan.zero_grad(): G", g.weight.grad, "D", d.weight.grad)
# claim: module-zero-grad-clears-both-parts
assert all(p.grad is None for p in gan.parameters())
