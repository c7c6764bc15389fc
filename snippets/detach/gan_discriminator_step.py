import torch

torch.manual_seed(0)
generator = torch.nn.Linear(2, 3)
discriminator = torch.nn.Linear(3, 1)
bce = torch.nn.functional.binary_cross_entropy_with_logits

real = torch.randn(4, 3)
fake = generator(torch.randn(4, 2))

# Discriminator step: fake is only data here, cut from the generator's graph.
d_loss = bce(discriminator(real), torch.ones(4, 1)) + bce(
    discriminator(fake.detach()), torch.zeros(4, 1)
)
d_loss.backward()
print(
    "D step: discriminator grad set:",
    discriminator.weight.grad is not None,
    "| generator grad:",
    generator.weight.grad,
)
# No work spent on G, nothing left over for its step.
# claim: detached-fake-stops-at-generator
assert discriminator.weight.grad is not None and generator.weight.grad is None

# The same fake still has its graph: the generator step goes through it.
discriminator.zero_grad()
g_loss = bce(discriminator(fake), torch.ones(4, 1))
g_loss.backward()
print("G step: generator grad set:", generator.weight.grad is not None)
# claim: fake-keeps-its-graph
assert generator.weight.grad is not None
