import weakref

import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 3)

model(x).sum().backward()
one_pass = model.weight.grad.clone()
old_grad = weakref.ref(model.weight.grad)  # watch it without keeping it

optimizer.zero_grad()  # default since PyTorch 2.0: set_to_none=True
print("optimizer.zero_grad():", model.weight.grad)
# claim: zero-grad-default-none summary-none-by-default
assert model.weight.grad is None and model.bias.grad is None
print("the old gradient tensor was freed:", old_grad() is None)
# claim: zero-grad-frees-gradient
assert old_grad() is None

model(x).sum().backward()  # a new .grad tensor, holding one pass
# claim: backward-after-none-new-tensor none-and-zeros-same-backward
assert torch.equal(model.weight.grad, one_pass)

model.zero_grad()
print("model.zero_grad():    ", model.weight.grad)
# claim: module-zero-grad-default-none
assert model.weight.grad is None and model.bias.grad is None

model(x).sum().backward()
kept = model.weight.grad
optimizer.zero_grad(set_to_none=False)  # the pre-2.0 behavior, on request
print("set_to_none=False:    ", model.weight.grad)
# claim: set-to-none-false-keeps-tensor
assert model.weight.grad is kept and torch.equal(kept, torch.zeros(1, 3))

model(x).sum().backward()  # added into the same zeros: the same value
# claim: set-to-none-false-keeps-tensor
assert model.weight.grad is kept and torch.equal(kept, one_pass)

# A gradient that is itself part of a graph (made with create_graph=True):
penalty = model.weight.pow(2).sum()
(weight_grad,) = torch.autograd.grad(penalty, model.weight, create_graph=True)
model.weight.grad = weight_grad
print("gradient with a grad_fn:", type(weight_grad.grad_fn).__name__)
optimizer.zero_grad(set_to_none=False)
print(
    "after zero_grad(set_to_none=False):",
    model.weight.grad,
    "grad_fn:",
    model.weight.grad.grad_fn,
)
# claim: set-to-none-false-detaches
assert model.weight.grad is weight_grad and weight_grad.grad_fn is None
# claim: set-to-none-false-detaches
assert not weight_grad.requires_grad and not weight_grad.any()
