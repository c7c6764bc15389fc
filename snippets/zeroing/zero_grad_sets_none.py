import inspect

import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 3)

model(x).sum().backward()
one_pass = model.weight.grad.clone()
old_grad = model.weight.grad

optimizer.zero_grad()  # default since PyTorch 2.0: set_to_none=True
print("optimizer.zero_grad():", model.weight.grad)
assert model.weight.grad is None and model.bias.grad is None

model(x).sum().backward()  # a new .grad tensor, holding one pass
print("next backward made a new tensor:", model.weight.grad is not old_grad)
assert model.weight.grad is not old_grad and torch.equal(
    model.weight.grad, one_pass
)

model.zero_grad()
print("model.zero_grad():    ", model.weight.grad)
assert model.weight.grad is None and model.bias.grad is None

model(x).sum().backward()
kept = model.weight.grad
optimizer.zero_grad(set_to_none=False)  # the pre-2.0 behavior, on request
print(
    "set_to_none=False:    ",
    model.weight.grad,
    "| same tensor:",
    model.weight.grad is kept,
)
assert model.weight.grad is kept and torch.equal(kept, torch.zeros(1, 3))

model(x).sum().backward()  # added into the same zeros: the same value
assert model.weight.grad is kept and torch.equal(kept, one_pass)

# With set_to_none=False, zero_grad still runs the loop
# the source article quotes:
# detach the gradient from any graph, then fill it with zeros.
source = inspect.getsource(torch.optim.Optimizer.zero_grad)
assert "p.grad.detach_()" in source and "p.grad.zero_()" in source
print(
    "Optimizer.zero_grad source calls p.grad.detach_() and p.grad.zero_(): True"
)
