import torch
from torch.utils.checkpoint import checkpoint

layer = torch.nn.Linear(2, 2)
x = torch.randn(1, 2, requires_grad=True)
out = checkpoint(layer, x, use_reentrant=True)
try:
    torch.autograd.grad(out.sum(), x)
except RuntimeError as error:
    print(f"RuntimeError: {error}")
try:
    checkpoint(layer, x, use_reentrant=True).sum().backward(inputs=[x])
except RuntimeError as error:
    print("backward(inputs=[x]) raises it too:", type(error).__name__)
out = checkpoint(layer, x, use_reentrant=False)  # the fix
print("use_reentrant=False:", torch.autograd.grad(out.sum(), x)[0].shape)

# --- checks ---


def reentrant_error(call):
    try:
        call(checkpoint(layer, x, use_reentrant=True).sum())
    except RuntimeError as caught:
        return str(caught)


by_grad = reentrant_error(lambda loss: torch.autograd.grad(loss, x))
by_inputs = reentrant_error(lambda loss: loss.backward(inputs=[x]))
# claim: error-reentrant-checkpoint-refuses-grad
assert "torch.utils.checkpoint is incompatible with .grad()" in by_grad
# claim: error-reentrant-checkpoint-refuses-grad
assert by_inputs == by_grad
# A parameter inside the segment is not in the graph at all:
by_weight = reentrant_error(lambda out: torch.autograd.grad(out, layer.weight))
# claim: reentrant-checkpoint-hides-parameters
assert "appears to not have been used in the graph" in by_weight
checkpoint(layer, x, use_reentrant=True).sum().backward(inputs=[layer.weight])
# claim: reentrant-checkpoint-hides-parameters
assert layer.weight.grad is None  # no error, and no gradient either
out = checkpoint(layer, x, use_reentrant=False)
out.sum().backward(inputs=[x, layer.weight])
grads = torch.autograd.grad(checkpoint(layer, x, use_reentrant=False).sum(), x)
# claim: non-reentrant-checkpoint-takes-grad
assert x.grad is not None and layer.weight.grad is not None
# claim: non-reentrant-checkpoint-takes-grad
assert torch.equal(grads[0], x.grad)
