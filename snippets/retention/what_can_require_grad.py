import torch

try:
    torch.tensor([1, 2, 3], requires_grad=True)
except RuntimeError as error:
    print(f"int64: RuntimeError: {error}")
z = torch.zeros(2, dtype=torch.complex64, requires_grad=True)
print("complex64 requires_grad:", z.requires_grad)

# requires_grad can be switched on a leaf only.
x = torch.tensor([1.5, -0.3])
x.requires_grad_()
y = x * 2
try:
    y.requires_grad_(False)
except RuntimeError as error:
    print(f"non-leaf: RuntimeError: {str(error).split('. ')[0]}.")
# What that message suggests instead: a detached tensor.
print("y.detach().requires_grad =", y.detach().requires_grad)

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

try:
    torch.tensor([1, 2, 3], requires_grad=True)
except RuntimeError as caught:
    integer_error = caught
# claim: integer-tensor-cannot-require-grad
assert "Only Tensors of floating point and complex dtype" in str(integer_error)
# claim: complex-tensor-can-require-grad
assert z.requires_grad
try:
    y.requires_grad_(False)
except RuntimeError as caught:
    flag_error = caught
# claim: requires-grad-flag-only-on-leaves
assert "you can only change requires_grad flags of leaf variables" in str(
    flag_error
)
# claim: requires-grad-flag-only-on-leaves
assert "detach()" in str(flag_error)
assert not y.detach().requires_grad
for op in (torch.round, torch.floor, torch.sign):
    (grad,) = torch.autograd.grad(op(x).sum(), x)
    # claim: piecewise-constant-ops-zero-gradient
    assert grad.tolist() == [0.0, 0.0]
# claim: integer-result-leaves-graph
assert index.dtype == torch.int64 and not index.requires_grad
