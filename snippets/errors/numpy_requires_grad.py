import torch

w = torch.ones(3, requires_grad=True)
try:
    w.numpy()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

print("w.detach().numpy():", w.detach().numpy())

# --- checks ---

try:
    w.numpy()
except RuntimeError as caught:
    error = caught
# claim: error-numpy-needs-detach
assert "Can't call numpy() on Tensor that requires grad" in str(error)
