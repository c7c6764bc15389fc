import torch


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = x.exp()
        # Kept for backward: d(exp x)/dx = exp x.
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        (result,) = ctx.saved_tensors
        return grad_output * result


x = torch.tensor([0.0, 1.0], dtype=torch.float64, requires_grad=True)
y = Exp.apply(x)
print("y.grad_fn:", type(y.grad_fn).__name__)
y.sum().backward()
print("x.grad =", x.grad)
# Compares backward with finite differences (float64 inputs).
ok = torch.autograd.gradcheck(Exp.apply, (x,), raise_exception=False)
print("gradcheck:", ok)

# The saved tensors are freed after backward, like any node's.
try:
    y.sum().backward()
except RuntimeError as error:
    print(f"second backward: RuntimeError: {str(error)[:60]}...")

# --- checks ---

# claim: custom-backward-gives-gradient
assert type(y.grad_fn).__name__ == "ExpBackward"
# claim: custom-backward-gives-gradient
assert torch.equal(x.grad, y.detach())
# claim: gradcheck-accepts-custom-function
assert ok and torch.autograd.gradcheck(Exp.apply, (x,))
try:
    y.sum().backward()
except RuntimeError as caught:
    error = caught
# claim: custom-saved-tensors-freed
assert "backward through the graph a second time" in str(error)
