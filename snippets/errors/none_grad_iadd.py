import torch

model = torch.nn.Linear(3, 1)
model(torch.ones(2, 3)).sum().backward()
model.zero_grad()
try:
    for p in model.parameters():
        p.grad += torch.ones_like(p)
except TypeError as error:
    print(f"TypeError: {error}")

# --- checks ---

# claim: error-none-grad-iadd
assert all(p.grad is None for p in model.parameters())
try:
    model.weight.grad += torch.ones_like(model.weight)
except TypeError as caught:
    error = caught
# claim: error-none-grad-iadd
assert "unsupported operand type(s) for +=: 'NoneType'" in str(error)
