import torch


@torch.compile(backend="aot_eager")
def cube_sum(x):
    return (x**3).sum()


x = torch.ones(3, requires_grad=True)
(grad,) = torch.autograd.grad(cube_sum(x), x, create_graph=True)
try:
    grad.sum().backward()  # a second derivative through the compiled region
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

try:
    grad.sum().backward()
except RuntimeError as caught:
    error = caught
# claim: compiled-double-backward-unsupported
assert "does not currently support double backward" in str(error)
# The same function, eager: the second derivative 6x.
(eager,) = torch.autograd.grad((x**3).sum(), x, create_graph=True)
eager.sum().backward()
# claim: compiled-double-backward-unsupported
assert x.grad.tolist() == [6.0, 6.0, 6.0]
