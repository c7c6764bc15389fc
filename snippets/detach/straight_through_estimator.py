import torch

x = torch.tensor([0.2, 0.7, 1.4], requires_grad=True)
weights = torch.tensor([1.0, 2.0, 3.0])

# round() has a zero gradient: nothing would reach x.
torch.round(x).mul(weights).sum().backward()
print("x.grad through round():", x.grad)
# claim: round-gradient-is-zero
assert torch.equal(x.grad, torch.zeros(3))

# Straight-through: the value of round(x), the gradient of x.
x.grad = None
q = torch.round(x)
y = x + (q - x).detach()
print("forward value:", y.detach())
# claim: ste-forward-value-is-quantized
assert torch.equal(y, q)
y.mul(weights).sum().backward()
print("x.grad straight through:", x.grad)
# claim: ste-gradient-passes-straight
assert torch.equal(x.grad, weights)
