import torch

torch.manual_seed(0)
critic = torch.nn.Linear(3, 1)
points = torch.randn(4, 3, requires_grad=True)

# The loss contains a gradient: create_graph=True keeps that gradient's graph.
(grad_points,) = torch.autograd.grad(
    critic(points).sum(), points, create_graph=True
)
penalty = ((grad_points.norm(dim=1) - 1) ** 2).mean()
penalty.backward()  # through the gradient's graph, to the weights
print("the penalty's gradient reached the critic's weight:", critic.weight.grad)

# --- checks ---

# For a Linear critic, the gradient with respect to each point is the weight
# row w: the penalty is (|w| - 1)^2, whose gradient is 2 (|w| - 1) w / |w|.
w = critic.weight.detach()
expected = 2 * (w.norm() - 1) * w / w.norm()
# claim: gradient-penalty-reaches-weights
assert torch.allclose(critic.weight.grad, expected)
# claim: gradient-penalty-reaches-weights
assert critic.weight.grad.abs().sum() > 0
