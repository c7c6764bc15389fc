import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3

# The gradient, with its own graph.
(dy_dx,) = torch.autograd.grad(y, x, create_graph=True)
print("dy/dx =", dy_dx)
(d2y_dx2,) = torch.autograd.grad(dy_dx, x)
print("d2y/dx2 =", d2y_dx2)

# Without create_graph the gradient is a plain number:
# nothing to differentiate again.
(plain,) = torch.autograd.grad(x**3, x)
print("without create_graph: requires_grad =", plain.requires_grad)

# A gradient penalty (as in WGAN-GP): the loss contains a gradient, so its
# backward goes through that gradient's graph to the weights.
torch.manual_seed(0)
critic = torch.nn.Linear(3, 1)
points = torch.randn(4, 3, requires_grad=True)
(grad_points,) = torch.autograd.grad(
    critic(points).sum(), points, create_graph=True
)
penalty = ((grad_points.norm(dim=1) - 1) ** 2).mean()
penalty.backward()
print(
    "penalty backward reached the critic's weight:",
    critic.weight.grad is not None,
)

# --- checks ---

# claim: create-graph-gradient-has-graph
assert dy_dx.item() == 3 * 2.0**2 == 12 and dy_dx.requires_grad
# claim: second-derivative-is-12
assert d2y_dx2.item() == 6 * 2.0 == 12
# claim: gradient-without-create-graph-plain
assert not plain.requires_grad
# claim: gradient-penalty-reaches-weights
assert critic.weight.grad is not None and critic.weight.grad.abs().sum() > 0
