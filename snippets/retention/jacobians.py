import torch
from torch.func import jacrev, vjp, vmap


def f(x):
    return x.sin() * x.sum()


x = torch.tensor([0.5, 1.0, 2.0])

# One backward pass gives one vector-Jacobian product: one row of J
# per unit vector, so three passes for three outputs.
rows = []
for e in torch.eye(3):
    leaf = x.clone().requires_grad_()
    f(leaf).backward(gradient=e)
    rows.append(leaf.grad)
rows = torch.stack(rows)

# jacrev gives the whole Jacobian, computed with vmap over the rows.
jacobian = jacrev(f)(x)
print("jacrev(f)(x).shape =", tuple(jacobian.shape))
print(
    "equal to the rows of three backward passes:",
    torch.allclose(jacobian, rows),
)

_, vjp_fn = vjp(f, x)
(batched,) = vmap(vjp_fn)(torch.eye(3))
print("vmap over vjp equals jacrev:", torch.allclose(batched, jacobian))

# --- checks ---

# claim: jacrev-stacks-vjp-rows
assert torch.allclose(jacobian, rows)
# claim: vmap-vjp-gives-jacobian
assert torch.allclose(batched, jacobian)
# x needs no requires_grad: torch.func differentiates the function.
# claim: torch-func-needs-no-requires-grad
assert not x.requires_grad and x.grad is None
