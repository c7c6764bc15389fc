import torch

x = torch.ones(3, requires_grad=True)
unused = torch.ones(3, requires_grad=True)
loss = (x * 2).sum()
try:
    torch.autograd.grad(loss, [x, unused], retain_graph=True)
except RuntimeError as error:
    print(f"RuntimeError: {error}")

grads = torch.autograd.grad(loss, [x, unused], allow_unused=True)
print("allow_unused=True:", grads[1])

# --- checks ---

try:
    torch.autograd.grad((x * 2).sum(), [x, unused])
except RuntimeError as caught:
    error = caught
# claim: error-grad-input-not-in-graph
assert "appears to not have been used in the graph" in str(error)
# claim: error-grad-input-not-in-graph
assert grads[1] is None
