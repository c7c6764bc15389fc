import torch

torch.manual_seed(0)
# used twice, like tied embeddings
weight = torch.randn(3, 3, requires_grad=True)
x = torch.randn(2, 3)


def forward(first, second):
    return (torch.tanh(x @ first) @ second).sum()


# One tensor used twice in one forward.
forward(weight, weight).backward()

# The same computation with two separate copies: one gradient per use.
first = weight.detach().clone().requires_grad_()
second = weight.detach().clone().requires_grad_()
forward(first, second).backward()
print("first row of the gradient, first use: ", first.grad[0])
print("first row of the gradient, second use:", second.grad[0])
print("first row of the gradient, shared:    ", weight.grad[0])
difference = (weight.grad - (first.grad + second.grad)).abs().max().item()
# claim: shared-weight-grad-is-sum
assert difference < 1e-6
print("|shared .grad - (first use + second use)| < 1e-06")

# Two losses add up the same way:
# one backward of the sum, or two backwards in a row.
weight.grad = None
loss_a, loss_b = (x @ weight).pow(2).mean(), (x @ weight).abs().mean()
(loss_a + loss_b).backward()
together = weight.grad.clone()
weight.grad = None
(x @ weight).pow(2).mean().backward()
# no zeroing in between: added to the first
(x @ weight).abs().mean().backward()
difference = (weight.grad - together).abs().max().item()
# claim: two-losses-add-up
assert difference < 1e-6
print("two losses, one backward vs two in a row: difference < 1e-06")
