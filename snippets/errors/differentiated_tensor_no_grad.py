import torch

w = torch.tensor(1.0, requires_grad=True)
scale = torch.tensor(3.0)  # a constant: requires_grad=False
loss = w * scale
try:
    torch.autograd.grad(loss, [w, scale])
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

try:
    torch.autograd.grad(w * scale, [w, scale])
except RuntimeError as caught:
    error = caught
# claim: error-grad-input-needs-requires-grad
assert "One of the differentiated Tensors does not require grad" in str(error)
