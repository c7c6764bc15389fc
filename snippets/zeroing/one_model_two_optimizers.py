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
d(fake).mean().backward()  # a discriminator loss, without fake.detach()
print("after the D backward, G has a gradient too:", g.weight.grad is not None)
assert g.weight.grad is not None and d.weight.grad is not None

opt_d.zero_grad()  # clears D only
print(
    "opt_d.zero_grad(): D",
    d.weight.grad,
    "| G still has one:",
    g.weight.grad is not None,
)
assert d.weight.grad is None and g.weight.grad is not None

opt_g.zero_grad()  # each optimizer clears its own parameters
assert g.weight.grad is None

d(g(torch.randn(4, 2))).mean().backward()
gan.zero_grad()  # the module call clears every parameter of both parts
print("gan.zero_grad(): G", g.weight.grad, "D", d.weight.grad)
assert all(p.grad is None for p in gan.parameters())
