import torch

torch.manual_seed(0)
generator = torch.nn.Linear(2, 3)
discriminator = torch.nn.Sequential(
    torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1)
)
opt_g = torch.optim.SGD(generator.parameters(), lr=0.1)
opt_d = torch.optim.SGD(discriminator.parameters(), lr=0.1)
bce = torch.nn.functional.binary_cross_entropy_with_logits
ones, zeros = torch.ones(4, 1), torch.zeros(4, 1)

# Wrong: one forward for both losses, a D step between the two backwards.
fake = generator(torch.randn(4, 2))
score = discriminator(fake)
bce(score, zeros).backward(retain_graph=True)
# step() changes D's weights in place; the graph saved them.
opt_d.step()
try:
    bce(score, ones).backward()
except RuntimeError as error:
    message = str(error)
    print(f"RuntimeError: {message.split(' Hint:')[0]}")

# Fix: D on fake.detach(), then a fresh forward through the updated D.
opt_d.zero_grad()
fake = generator(torch.randn(4, 2))
bce(discriminator(fake.detach()), zeros).backward()
opt_d.step()
opt_g.zero_grad()
bce(discriminator(fake), ones).backward()
opt_g.step()
print("generator grad set:", generator.weight.grad is not None)

# --- checks ---

# claim: optimizer-step-between-backwards-raises
assert "modified by an inplace operation" in message
# claim: fresh-forward-after-step-fixes
assert generator.weight.grad is not None
