import torch

x = torch.tensor([0.2, 0.7, 1.4], requires_grad=True)
weights = torch.tensor([1.0, 2.0, 3.0])

torch.round(x).mul(weights).sum().backward()
print("x.grad through round():", x.grad)

x.grad = None
q = torch.round(x)
y = x + (q - x).detach()
print("forward value:", y.detach())
y.mul(weights).sum().backward()
print("x.grad straight through:", x.grad)

# --- checks ---

# claim: ste-forward-value-is-quantized
assert torch.equal(y, q)
# claim: ste-gradient-passes-straight
assert torch.equal(x.grad, weights)
z = x.detach().requires_grad_(True)
torch.round(z).mul(weights).sum().backward()
# claim: round-gradient-is-zero
assert torch.equal(z.grad, torch.zeros(3))
