import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1)
)
x = torch.randn(2, 3)
kept = {}


def keep_activation(module, args, output):
    # detach(): the output itself would keep its graph alive.
    kept["activation"] = output.detach()


def keep_gradients(module, grad_input, grad_output):
    # With respect to the module's input and output, not its parameters.
    kept["grad_input"], kept["grad_output"] = grad_input, grad_output


handles = [
    model[1].register_forward_hook(keep_activation),
    model[2].register_full_backward_hook(keep_gradients),
]
model(x).sum().backward()
# A hook stays on its module until its handle removes it.
for handle in handles:
    handle.remove()

activation = kept["activation"]
print(
    "kept ReLU output: shape",
    tuple(activation.shape),
    "| requires_grad =",
    activation.requires_grad,
)
print(
    "last Linear: grad_input",
    [tuple(g.shape) for g in kept["grad_input"]],
    "| grad_output",
    [tuple(g.shape) for g in kept["grad_output"]],
)

# --- checks ---

(grad_input,), (grad_output,) = kept["grad_input"], kept["grad_output"]
# d(sum)/d(output) is 1; the input's gradient goes back through the weight.
# claim: full-backward-hook-sees-input-output-grads
assert torch.equal(grad_output, torch.ones(2, 1))
# claim: full-backward-hook-sees-input-output-grads
assert torch.allclose(grad_input, grad_output @ model[2].weight)
# claim: forward-hook-sees-output
assert torch.equal(activation, torch.relu(model[0](x)))
outputs = []
handle = model[1].register_forward_hook(
    lambda module, args, output: outputs.append(output)
)
model(x)
handle.remove()
# claim: hook-output-carries-graph
assert type(outputs[0].grad_fn).__name__ == "ReluBackward0"
assert activation.grad_fn is None and not activation.requires_grad
kept.clear()
model(x).sum().backward()
# claim: module-hook-handle-removes
assert kept == {} and len(outputs) == 1
