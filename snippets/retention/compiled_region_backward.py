import torch


@torch.compile(backend="aot_eager")
def shifted_sum(x):
    return (x + 1).sum()


x = torch.ones(3, requires_grad=True)
loss = shifted_sum(x)
print("loss.grad_fn:", type(loss.grad_fn).__name__)
loss.backward()
try:
    loss.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")


@torch.compile(backend="aot_eager")
def cube_sum(x):
    return (x**3).sum()


(grad,) = torch.autograd.grad(cube_sum(x), x, create_graph=True)
try:
    grad.sum().backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

# claim: compiled-region-is-one-node
assert type(loss.grad_fn).__name__ == "CompiledFunctionBackward"
assert loss.grad_fn.next_functions[0][0].variable is x
try:
    loss.backward()
except RuntimeError as caught:
    error = caught
# claim: compiled-second-backward-raises
assert "Trying to backward through the graph a second time" in str(error)
try:
    grad.sum().backward()
except RuntimeError as caught:
    error = caught
# claim: compiled-double-backward-unsupported
assert "does not currently support double backward" in str(error)
