import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 3)

model(x).sum().backward()
one_pass = model.weight.grad.clone()

optimizer.zero_grad()  # default since PyTorch 2.0: set_to_none=True
print("optimizer.zero_grad():", model.weight.grad)
assert model.weight.grad is None and model.bias.grad is None

model(x).sum().backward()
model.zero_grad()
print("model.zero_grad():    ", model.weight.grad)
assert model.weight.grad is None and model.bias.grad is None

model(x).sum().backward()  # a fresh .grad tensor, holding one pass
assert torch.equal(model.weight.grad, one_pass)

optimizer.zero_grad(set_to_none=False)  # the pre-2.0 behavior, on request
print("set_to_none=False:    ", model.weight.grad)
assert torch.equal(model.weight.grad, torch.zeros(1, 3))

model(x).sum().backward()  # added to the zeros: the same value
assert torch.equal(model.weight.grad, one_pass)
model.zero_grad(set_to_none=False)
print("model.zero_grad(set_to_none=False):", model.bias.grad)
assert torch.equal(model.bias.grad, torch.zeros(1))
