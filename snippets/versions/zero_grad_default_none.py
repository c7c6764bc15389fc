import inspect

import torch

model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model(torch.ones(2, 3)).sum().backward()

default = (
    inspect.signature(optimizer.zero_grad).parameters["set_to_none"].default
)
print("zero_grad(set_to_none=...) default:", default)
assert default is True  # False before PyTorch 2.0

optimizer.zero_grad()
print("after zero_grad():", model.weight.grad)
assert model.weight.grad is None

model(torch.ones(2, 3)).sum().backward()
optimizer.zero_grad(set_to_none=False)  # the behavior of 1.x
print("after zero_grad(set_to_none=False):", model.weight.grad)
assert torch.equal(model.weight.grad, torch.zeros(1, 3))
