import torch

model = torch.nn.Linear(3, 1)
x = torch.ones(2, 3)
with torch.no_grad():
    loss = model(x).sum()
print("requires_grad:", loss.requires_grad, "grad_fn:", loss.grad_fn)
try:
    loss.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

try:
    loss.backward()
except RuntimeError as caught:
    error = caught
# claim: error-element-0-no-graph
assert "does not require grad and does not have a grad_fn" in str(error)
# claim: error-element-0-no-graph
assert loss.grad_fn is None and not loss.requires_grad
