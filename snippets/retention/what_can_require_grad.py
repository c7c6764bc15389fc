import torch

try:
    torch.tensor([1, 2, 3], requires_grad=True)
except RuntimeError as error:
    print(f"int64: RuntimeError: {error}")
z = torch.zeros(2, dtype=torch.complex64, requires_grad=True)
print("complex64 requires_grad:", z.requires_grad)

x = torch.tensor([1.5, -0.3], requires_grad=True)
y = x * 2
try:
    y.requires_grad_(False)  # the flag can be switched on a leaf only
except RuntimeError as error:
    print(f"non-leaf: RuntimeError: {str(error).split('. ')[0]}.")
print("y.detach().requires_grad =", y.detach().requires_grad)

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
# On a leaf the same call works.
x.requires_grad_(False)
# claim: requires-grad-flag-only-on-leaves
assert not x.requires_grad and not y.detach().requires_grad
