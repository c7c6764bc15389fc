import torch

x = torch.ones(4, requires_grad=True)
first_half = (x * 2)[:2]
try:
    first_half.detach_()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

detached = first_half.detach()
print("detach() works, requires_grad:", detached.requires_grad)

# --- checks ---

try:
    first_half.detach_()
except RuntimeError as caught:
    error = caught
# claim: error-detach-in-place-view
assert "Can't detach views in-place" in str(error)
# claim: error-detach-in-place-view
assert detached.grad_fn is None and not detached.requires_grad
