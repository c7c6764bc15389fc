import inspect

import torch

model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model(torch.ones(2, 3)).sum().backward()
signature = inspect.signature(optimizer.zero_grad)
print(
    "zero_grad(set_to_none=...) default:",
    signature.parameters["set_to_none"].default,
)
optimizer.zero_grad()
print("after zero_grad():", model.weight.grad)
model(torch.ones(2, 3)).sum().backward()
optimizer.zero_grad(set_to_none=False)  # the behavior of 1.x
print("after zero_grad(set_to_none=False):", model.weight.grad)

# --- checks ---

assert signature.parameters["set_to_none"].default is True  # False before 2.0
assert torch.equal(model.weight.grad, torch.zeros(1, 3))
optimizer.zero_grad()
assert model.weight.grad is None
