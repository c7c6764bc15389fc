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

import warnings  # noqa: E402
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
held = model.weight.grad  # a reference of your own keeps it alive...
optimizer.zero_grad()
# claim: none-skips-zeroing-and-adding
assert torch.equal(held, one_pass)  # zero_grad() wrote nothing into it
model(x).sum().backward()  # ...and backward still makes a new one
# claim: backward-after-none-new-tensor
assert model.weight.grad is not held and torch.equal(held, one_pass)

kept = model.weight.grad
optimizer.zero_grad(set_to_none=False)
model(x).sum().backward()  # added into the same zeros: the same value
# claim: set-to-none-false-keeps-tensor
assert model.weight.grad is kept and torch.equal(kept, one_pass)
# Not with create_graph=True: that backward puts a new tensor, with a graph of
# its own, in .grad (the zeros it adds to are left as they were).
optimizer.zero_grad(set_to_none=False)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the reference-cycle warning (errors page)
    model(x).pow(2).sum().backward(create_graph=True)
# claim: set-to-none-false-create-graph-new-tensor
assert model.weight.grad is not kept and model.weight.grad.grad_fn is not None
# claim: set-to-none-false-create-graph-new-tensor
assert model.weight.grad.any() and not kept.any()
model.weight.grad = model.bias.grad = None

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

# A gradient without a graph only has requires_grad switched off: detach_()
# would refuse a view, such as the gradients DDP's gradient_as_bucket_view
# makes (views of its buckets), and zero_grad zeroes it in place.
bucket = torch.ones(2, 3)
model.weight.grad = bucket[:1]
try:
    optimizer.zero_grad(set_to_none=False)
    view_error = None
except RuntimeError as caught:
    view_error = caught
# claim: set-to-none-false-detaches
assert view_error is None and model.weight.grad.data_ptr() == bucket.data_ptr()
# claim: set-to-none-false-detaches
assert not bucket[0].any() and bucket[1].all()

# What each way writes: None writes nothing, and the next backward stores
# the gradient it computed; zeros are written, then added into.
from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402


class InPlaceOps(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.names = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func._schema.is_mutable:
            self.names.append(func.overloadpacket.__name__)
        return func(*args, **(kwargs or {}))


def writes(set_to_none):
    model(x).sum().backward()
    loss = model(x).sum()
    with InPlaceOps() as zeroing:
        optimizer.zero_grad(set_to_none=set_to_none)
    with InPlaceOps() as backward:
        loss.backward()
    return zeroing.names, backward.names


# claim: none-skips-zeroing-and-adding
assert writes(set_to_none=True) == ([], [])
zeroing, backward = writes(set_to_none=False)
# claim: none-skips-zeroing-and-adding
assert zeroing and set(zeroing) <= {"zero_", "_foreach_zero_"}
# claim: none-skips-zeroing-and-adding
assert backward == ["add_", "add_"]  # one per gradient: weight and bias
