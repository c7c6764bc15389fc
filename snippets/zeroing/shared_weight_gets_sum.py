import torch

torch.manual_seed(0)
weight = torch.randn(3, 3, requires_grad=True)  # used twice: tied weights
x = torch.randn(2, 3)


def forward(first, second):
    return (torch.tanh(x @ first) @ second).sum()


forward(weight, weight).backward()  # one tensor used twice in one forward
first, second = (weight.detach().clone().requires_grad_() for _ in range(2))
forward(first, second).backward()
print("first row of the gradient, first use: ", first.grad[0])
print("first row of the gradient, second use:", second.grad[0])
print("first row of the gradient, shared:    ", weight.grad[0])

# --- checks ---

TOLERANCE = 1e-6
difference = (weight.grad - (first.grad + second.grad)).abs().max().item()
# claim: shared-weight-grad-is-sum
assert difference < TOLERANCE

# Two losses add up the same way:
# one backward of the sum, or two backwards in a row.
weight.grad = None
loss_a, loss_b = (x @ weight).pow(2).mean(), (x @ weight).abs().mean()
(loss_a + loss_b).backward()
together = weight.grad.clone()
weight.grad = None
(x @ weight).pow(2).mean().backward()
(x @ weight).abs().mean().backward()  # no zeroing in between
difference = (weight.grad - together).abs().max().item()
# claim: two-losses-add-up
assert difference < TOLERANCE
