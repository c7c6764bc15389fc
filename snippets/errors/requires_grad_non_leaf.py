import torch

w = torch.ones(3, requires_grad=True)
h = w * 2
try:
    h.requires_grad_(False)
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# detach() gives a tensor outside the graph instead
print("h.detach().requires_grad:", h.detach().requires_grad)

# --- checks ---

try:
    h.requires_grad_(False)
except RuntimeError as caught:
    error = caught
# claim: error-requires-grad-flag-leaves-only
assert "only change requires_grad flags of leaf variables" in str(error)
# claim: error-requires-grad-flag-leaves-only
assert not h.detach().requires_grad
