import torch


@torch.compile(backend="aot_eager")
def shifted_sum(x):
    return (x + 1).sum()


x = torch.ones(3, requires_grad=True)
loss = shifted_sum(x)
print(loss.grad_fn.name(), "saved tensors:", len(loss.grad_fn.saved_tensors))
loss.backward()
try:
    loss.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

# claim: compiled-region-is-one-node
assert loss.grad_fn.name() == "CompiledFunctionBackward"
# claim: compiled-region-is-one-node
assert loss.grad_fn.next_functions[0][0].variable is x
try:
    loss.backward()
except RuntimeError as caught:
    error = caught
# claim: compiled-second-backward-raises
assert "Trying to backward through the graph a second time" in str(error)
# It saved nothing, and still runs once only: retain_graph=True lets it run
# again.
again = shifted_sum(x)
# claim: compiled-node-saves-nothing-here
assert len(again.grad_fn.saved_tensors) == 0
x.grad = None
again.backward(retain_graph=True)
again.backward()
# claim: compiled-node-saves-nothing-here
assert x.grad.tolist() == [2.0, 2.0, 2.0]
