import torch

model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.ones(4, 3)

model(x).sum().backward()
optimizer.zero_grad()  # default since PyTorch 2.0: set_to_none=True
print("optimizer.zero_grad():", model.weight.grad)
model(x).sum().backward()  # a new .grad tensor
model.zero_grad()
print("model.zero_grad():    ", model.weight.grad)
model(x).sum().backward()
optimizer.zero_grad(set_to_none=False)  # the pre-2.0 behavior, on request
print("set_to_none=False:    ", model.weight.grad)

# --- checks ---

import weakref  # noqa: E402

kept = model.weight.grad
# claim: set-to-none-false-keeps-tensor
assert torch.equal(kept, torch.zeros(1, 3))
optimizer.zero_grad()
model(x).sum().backward()
one_pass = model.weight.grad.clone()
model.zero_grad()
# claim: module-zero-grad-default-none
assert model.weight.grad is None and model.bias.grad is None

model(x).sum().backward()
old_grad = weakref.ref(model.weight.grad)  # watch it without keeping it
optimizer.zero_grad()
# claim: zero-grad-default-none summary-none-by-default
assert model.weight.grad is None and model.bias.grad is None
# claim: zero-grad-frees-gradient
assert old_grad() is None
model(x).sum().backward()  # a new .grad tensor, holding one pass
# claim: backward-after-none-new-tensor none-and-zeros-same-backward
assert torch.equal(model.weight.grad, one_pass)

kept = model.weight.grad
optimizer.zero_grad(set_to_none=False)
model(x).sum().backward()  # added into the same zeros: the same value
# claim: set-to-none-false-keeps-tensor
assert model.weight.grad is kept and torch.equal(kept, one_pass)

# A gradient that is itself part of a graph (made with create_graph=True):
penalty = model.weight.pow(2).sum()
(weight_grad,) = torch.autograd.grad(penalty, model.weight, create_graph=True)
model.weight.grad = weight_grad
assert weight_grad.grad_fn is not None
optimizer.zero_grad(set_to_none=False)
# claim: set-to-none-false-detaches
assert model.weight.grad is weight_grad and weight_grad.grad_fn is None
# claim: set-to-none-false-detaches
assert not weight_grad.requires_grad and not weight_grad.any()
