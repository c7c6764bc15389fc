import torch

torch.manual_seed(0)
weight = torch.randn(
    3, 3, requires_grad=True
)  # used twice, like tied embeddings
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
print(f"shared .grad - (first use + second use) = {difference:.1e}")
assert difference < 1e-6

# Two losses add up the same way:
# one backward of the sum, or two backwards in a row.
weight.grad = None
loss_a, loss_b = (x @ weight).pow(2).mean(), (x @ weight).abs().mean()
(loss_a + loss_b).backward()
together = weight.grad.clone()
weight.grad = None
(x @ weight).pow(2).mean().backward()
(
    x @ weight
).abs().mean().backward()  # no zeroing in between: added to the first
difference = (weight.grad - together).abs().max().item()
print(f"two losses, one backward vs two in a row: difference {difference:.1e}")
assert difference < 1e-6
