import torch
from torch import nn

model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
kept = {}


def keep_activation(module, args, output):
    kept["activation"] = output.detach()  # output would keep its graph alive


def keep_grads(module, grad_input, grad_output):
    kept["grad_input"], kept["grad_output"] = grad_input[0], grad_output[0]


handles = [model[1].register_forward_hook(keep_activation)]
handles.append(model[2].register_full_backward_hook(keep_grads))
model(torch.randn(2, 3)).sum().backward()
for handle in handles:
    handle.remove()  # a hook stays on its module until removed
for name, t in kept.items():
    print(f"{name}: shape {tuple(t.shape)}, requires_grad={t.requires_grad}")

# --- checks ---

# d(sum)/d(output) is 1; the input's gradient goes back through the weight.
# claim: full-backward-hook-sees-input-output-grads
assert torch.equal(kept["grad_output"], torch.ones(2, 1))
# claim: full-backward-hook-sees-input-output-grads
assert torch.allclose(kept["grad_input"], kept["grad_output"] @ model[2].weight)
# The hook gets the module's output itself: the tensor the module returns,
# not a copy (its detach() shares that tensor's storage).
hidden = torch.randn(2, 4)
handle = model[1].register_forward_hook(keep_activation)
returned = model[1](hidden)
handle.remove()
# claim: forward-hook-sees-output
assert torch.equal(kept["activation"], torch.relu(hidden))
# claim: forward-hook-sees-output
assert kept["activation"].data_ptr() == returned.data_ptr()
outputs = []
handle = model[1].register_forward_hook(
    lambda module, args, output: outputs.append(output)
)
returned = model(torch.randn(2, 3))
handle.remove()
# claim: forward-hook-sees-output
assert len(outputs) == 1
# claim: hook-output-carries-graph
assert type(outputs[0].grad_fn).__name__ == "ReluBackward0"
assert kept["activation"].grad_fn is None
kept.clear()
model(torch.randn(2, 3)).sum().backward()
# claim: module-hook-handle-removes
assert kept == {} and len(outputs) == 1
