import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3

(dy_dx,) = torch.autograd.grad(
    y, x, create_graph=True
)  # a gradient with a graph
print("dy/dx =", dy_dx)
(d2y_dx2,) = torch.autograd.grad(dy_dx, x)
print("d2y/dx2 =", d2y_dx2)

# Without create_graph the gradient is a plain value: nothing to differentiate.
(plain,) = torch.autograd.grad(x**3, x)
print("without create_graph: requires_grad =", plain.requires_grad)

# --- checks ---

# claim: create-graph-gradient-has-graph
assert dy_dx.item() == 3 * 2.0**2 == 12 and dy_dx.requires_grad
# claim: create-graph-gradient-has-graph
assert dy_dx.grad_fn is not None
# claim: second-derivative-is-12
assert d2y_dx2.item() == 6 * 2.0 == 12
# claim: gradient-without-create-graph-plain
assert not plain.requires_grad and plain.grad_fn is None
