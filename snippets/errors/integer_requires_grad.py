import torch

try:
    torch.tensor([1, 2, 3], requires_grad=True)
except RuntimeError as error:
    print(f"RuntimeError: {error}")

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
print("float32 works:", x.requires_grad)

# --- checks ---

try:
    torch.tensor([1, 2, 3], requires_grad=True)
except RuntimeError as caught:
    error = caught
# claim: error-integer-tensor-requires-grad
assert "floating point and complex dtype can require gradients" in str(error)
assert x.requires_grad
