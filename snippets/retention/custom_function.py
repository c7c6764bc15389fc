import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)  # what backward needs: x, for 3x^2
        return x**3

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x**2


x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
Cube.apply(x).sum().backward()
print("x.grad =", x.grad)  # 3x^2
print("gradcheck:", torch.autograd.gradcheck(Cube.apply, (x,)))

# --- checks ---

y = Cube.apply(x)
# claim: custom-backward-gives-gradient
assert type(y.grad_fn).__name__ == "CubeBackward"
# 3x^2, which is not x^3: the gradient is what backward returns.
# claim: custom-backward-gives-gradient
assert x.grad.tolist() == [3.0, 12.0]
x.grad = None
y.backward(torch.tensor([1.0, 10.0], dtype=torch.float64))
# claim: custom-backward-gives-gradient
assert x.grad.tolist() == [3.0, 120.0]
# claim: gradcheck-accepts-custom-function
assert torch.autograd.gradcheck(Cube.apply, (x,))


class WrongCube(Cube):
    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * x**2


# claim: gradcheck-accepts-custom-function
assert not torch.autograd.gradcheck(
    WrongCube.apply, (x,), raise_exception=False
)
