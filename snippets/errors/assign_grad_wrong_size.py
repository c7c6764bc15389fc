import torch

weight = torch.nn.Parameter(torch.zeros(3))
try:
    weight.grad = torch.ones(4)  # a gradient must have the parameter's shape
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

try:
    weight.grad = torch.ones(4)
except RuntimeError as caught:
    error = caught
# claim: error-assign-grad-wrong-size
assert (
    "attempting to assign a gradient of size" in str(error)
    and weight.grad is None
)
