import torch
from torch.func import jacrev


def f(x):
    return x.sin() * x.sum()


x = torch.tensor([0.5, 1.0, 2.0])
rows = []
for e in torch.eye(3):  # one backward pass per output: one row of J each
    leaf = x.clone().requires_grad_()
    f(leaf).backward(gradient=e)
    rows.append(leaf.grad)
jacobian = jacrev(f)(x)  # the whole Jacobian in one call
print(
    "jacrev(f)(x) equals the rows:", torch.allclose(jacobian, torch.stack(rows))
)

# --- checks ---

# The Jacobian of sin(x_i) * sum(x): cos(x_i) * sum(x) on the diagonal, plus
# sin(x_i) in every column of row i. It is not symmetric, so rows and columns
# cannot be mistaken for each other.
expected = torch.diag(x.cos() * x.sum()) + x.sin().unsqueeze(1)
assert not torch.allclose(expected, expected.T)
# claim: jacrev-stacks-vjp-rows
assert torch.allclose(torch.stack(rows), expected)
# claim: jacrev-stacks-vjp-rows
assert torch.allclose(jacobian, expected)
# x needs no requires_grad: torch.func differentiates the function.
# claim: torch-func-needs-no-requires-grad
assert not x.requires_grad and x.grad is None
