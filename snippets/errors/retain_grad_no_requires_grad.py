import torch

t = torch.ones(3)
try:
    t.retain_grad()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

try:
    t.retain_grad()
except RuntimeError as caught:
    error = caught
# claim: error-retain-grad-needs-requires-grad
assert "can't retain_grad on Tensor that has requires_grad=False" in str(error)
