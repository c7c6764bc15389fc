import torch

x = torch.tensor([1.5, -0.3], requires_grad=True)
# Piecewise-constant operations are recorded, with a zero derivative.
for op in (torch.round, torch.floor, torch.sign):
    (grad,) = torch.autograd.grad(op(x).sum(), x)
    print(f"{op.__name__}: grad = {grad.tolist()}")
# An integer result (argmax) is not part of the graph at all.
index = x.argmax()
print(
    "x.argmax(): dtype =", index.dtype, "| requires_grad =", index.requires_grad
)

# --- checks ---

for op in (torch.round, torch.floor, torch.sign):
    out = op(x)
    (grad,) = torch.autograd.grad(out.sum(), x)
    # claim: piecewise-constant-ops-zero-gradient
    assert out.grad_fn is not None and grad.tolist() == [0.0, 0.0]
# claim: integer-result-leaves-graph
assert index.dtype == torch.int64 and not index.requires_grad
# claim: integer-result-leaves-graph
assert index.grad_fn is None
