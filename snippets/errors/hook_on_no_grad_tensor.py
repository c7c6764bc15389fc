import torch

features = torch.randn(3)  # requires_grad=False: no gradient will ever reach it
try:
    features.register_hook(lambda grad: print(grad))
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

try:
    features.register_hook(lambda grad: grad)
except RuntimeError as caught:
    error = caught
# claim: error-hook-needs-requires-grad
assert (
    "cannot register a hook on a tensor that doesn't require gradient"
    in str(error)
)
