import torch

model = torch.nn.Linear(3, 1)
model(torch.ones(2, 3)).sum().backward()
model.zero_grad()
try:
    norms = [p.grad.norm() for p in model.parameters()]
except AttributeError as error:
    print(f"AttributeError: {error}")

# --- checks ---

# claim: error-none-grad-has-no-norm
assert all(p.grad is None for p in model.parameters())
try:
    model.weight.grad.norm()
except AttributeError as caught:
    error = caught
# claim: error-none-grad-has-no-norm
assert "'NoneType' object has no attribute 'norm'" in str(error)
