import torch
from torch.autograd.function import once_differentiable


class ScaledRelu(torch.autograd.Function):
    """relu(x) * w, and the mask of the positive entries (no gradient)."""

    @staticmethod
    def forward(x, w):  # no ctx: setup_context saves what backward needs
        mask = (x > 0).to(x.dtype)
        return torch.relu(x) * w, mask

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, w = inputs
        _, mask = output
        ctx.mark_non_differentiable(mask)
        ctx.save_for_backward(x, w, mask)

    @staticmethod
    @once_differentiable  # backward is not written to be differentiated
    def backward(ctx, grad_out, grad_mask):
        x, w, mask = ctx.saved_tensors
        grad_x = grad_w = None
        if ctx.needs_input_grad[0]:  # skip what nobody asked for
            grad_x = grad_out * mask * w
        if ctx.needs_input_grad[1]:
            grad_w = (grad_out * x * mask).sum()
        return grad_x, grad_w


x = torch.tensor([-1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor(2.0)  # needs no gradient
y, mask = ScaledRelu.apply(x, w)
print("mask:", mask, "| mask.requires_grad:", mask.requires_grad)
print("needs_input_grad:", y.grad_fn.needs_input_grad)
loss = (y**2).sum()
(grad_x,) = torch.autograd.grad(loss, x, create_graph=True, retain_graph=True)
print("grad_x =", grad_x)  # 2 y w for the positive entries
try:
    grad_x.sum().backward()  # a second derivative, through backward
except RuntimeError as error:
    print(f"RuntimeError: {error}")

loss.backward()  # the graph's last pass: the saved tensors go
try:
    loss.backward()
except RuntimeError as error:
    print(f"second backward: RuntimeError: {str(error)[:52]}...")

# With setup_context, torch.func transforms work on the function too.
grad = torch.func.grad(lambda t: ScaledRelu.apply(t, w)[0].pow(2).sum())
print("torch.func.grad:", grad(torch.tensor([-1.0, 2.0, 3.0])))

# --- checks ---

# A floating-point output computed from x: without the mark it would
# require a gradient.
# claim: mark-non-differentiable-output
assert mask.dtype == torch.float32 and not mask.requires_grad


class Unmarked(ScaledRelu):
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs, output[1])


# claim: mark-non-differentiable-output
assert Unmarked.apply(x, w)[1].requires_grad
# claim: needs-input-grad-skips
assert y.grad_fn.needs_input_grad == (True, False)
# claim: needs-input-grad-skips
assert x.grad.tolist() == [0.0, 16.0, 24.0] and w.grad is None
# w requiring a gradient: backward computes grad_w too.
w_leaf = torch.tensor(2.0, requires_grad=True)
scaled, _ = ScaledRelu.apply(x.detach(), w_leaf)
scaled.sum().backward()
# claim: needs-input-grad-skips
assert scaled.grad_fn.needs_input_grad == (False, True)
# claim: needs-input-grad-skips
assert w_leaf.grad.item() == 5.0
try:
    grad_x.sum().backward()
except RuntimeError as caught:
    twice = caught
# claim: once-differentiable-raises
assert "differentiate twice a function that was marked with" in str(twice)
# claim: once-differentiable-raises
assert grad_x.tolist() == [0.0, 16.0, 24.0]
try:
    loss.backward()
except RuntimeError as caught:
    freed = caught
# claim: custom-saved-tensors-freed
assert "backward through the graph a second time" in str(freed)
# claim: setup-context-enables-torch-func
assert grad(torch.tensor([-1.0, 2.0, 3.0])).tolist() == [0.0, 16.0, 24.0]


class NoSetupContext(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * 2


try:
    torch.func.grad(lambda t: NoSetupContext.apply(t).sum())(x.detach())
except RuntimeError as caught:
    no_setup = caught
# claim: setup-context-enables-torch-func
assert "it must override the setup_context staticmethod" in str(no_setup)
