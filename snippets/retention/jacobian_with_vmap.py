import torch
from torch.func import jacrev, vjp, vmap


def f(x):
    return x.sin() * x.sum()


x = torch.tensor([0.5, 1.0, 2.0])
_, vjp_fn = vjp(f, x)  # the function v -> v^T J at this x
(batched,) = vmap(vjp_fn)(torch.eye(3))  # all unit vectors v at once
print("vmap over vjp equals jacrev:", torch.allclose(batched, jacrev(f)(x)))

# --- checks ---

expected = torch.diag(x.cos() * x.sum()) + x.sin().unsqueeze(1)
# claim: vmap-vjp-gives-jacobian
assert torch.allclose(batched, expected) and not torch.allclose(
    batched, expected.T
)
# claim: torch-func-needs-no-requires-grad
assert not x.requires_grad and x.grad is None
