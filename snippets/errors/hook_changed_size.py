import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 2
y.register_hook(
    lambda grad: grad.expand(3)
)  # a hook must return a gradient of y's shape
try:
    y.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

y = x * 2
y.register_hook(lambda grad: grad.expand(3))
try:
    y.backward()
except RuntimeError as caught:
    error = caught
# claim: error-hook-changed-size
assert "has changed the size of value" in str(error)
