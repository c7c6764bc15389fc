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
    # With respect to the module's (one) input and output, not its parameters.
    kept["grad_input"], kept["grad_output"] = grad_input[0], grad_output[0]


handles = [
    model[1].register_forward_hook(keep_activation),
    model[2].register_full_backward_hook(keep_gradients),
]
model(x).sum().backward()
# A hook stays on its module until its handle removes it.
for handle in handles:
    handle.remove()
for name, t in kept.items():
    print(f"{name}: shape {tuple(t.shape)}, requires_grad={t.requires_grad}")

# --- checks ---

# d(sum)/d(output) is 1; the input's gradient goes back through the weight.
# claim: full-backward-hook-sees-input-output-grads
assert torch.equal(kept["grad_output"], torch.ones(2, 1))
# claim: full-backward-hook-sees-input-output-grads
assert torch.allclose(kept["grad_input"], kept["grad_output"] @ model[2].weight)
# claim: forward-hook-sees-output
assert torch.equal(kept["activation"], torch.relu(model[0](x)))
outputs = []
handle = model[1].register_forward_hook(
    lambda module, args, output: outputs.append(output)
)
model(x)
handle.remove()
# claim: hook-output-carries-graph
assert type(outputs[0].grad_fn).__name__ == "ReluBackward0"
assert kept["activation"].grad_fn is None
kept.clear()
model(x).sum().backward()
# claim: module-hook-handle-removes
assert kept == {} and len(outputs) == 1
