import warnings

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1)
)
x = torch.randn(2, 3)
seen = {}


def record(module, grad_input, grad_output):
    # Gradients with respect to the module's input and output tensors.
    seen["grad_input"] = [None if g is None else g.shape for g in grad_input]
    seen["grad_output"] = [g.shape for g in grad_output]


handle = model[2].register_full_backward_hook(record)
model(x).sum().backward()
print("last Linear:", seen)
# claim: full-backward-hook-sees-input-output-grads
assert seen == {"grad_input": [(2, 4)], "grad_output": [(2, 1)]}
handle.remove()

# On the first layer, the input x needs no gradient: its entry is None,
# and PyTorch warns that the hook fires with the output's gradient only.
handle = model[0].register_full_backward_hook(record)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    model(x).sum().backward()
print("first Linear:", seen)
messages = [str(w.message) for w in caught]
# claim: backward-hook-warns-no-input-grad
assert any("no inputs require gradients" in m for m in messages)
print(f"UserWarning: {messages[0].split('. ')[0]}.")
# claim: backward-hook-none-for-input-without-grad
assert seen["grad_input"] == [None]
handle.remove()


# Returning a tuple replaces grad_input: what flows on to earlier layers.
def stop_here(module, grad_input, grad_output):
    return (torch.zeros_like(grad_input[0]),)


model.zero_grad()
model[2].register_full_backward_hook(stop_here)
model(x).sum().backward()
print(
    "after the hook returned zeros: first layer's grad is zero:",
    bool((model[0].weight.grad == 0).all()),
    "| last layer's is not:",
    bool((model[2].weight.grad != 0).any()),
)
# claim: backward-hook-return-replaces-grad-input
assert (model[0].weight.grad == 0).all() and (model[2].weight.grad != 0).any()

# A forward hook sees the output when forward runs (here, to keep it).
activations = {}
model[1].register_forward_hook(
    lambda module, args, output: activations.update(relu=output)
)
model(x)
# claim: forward-hook-sees-output
assert activations["relu"].shape == (2, 4)
print("forward hook kept the ReLU output:", tuple(activations["relu"].shape))
