import warnings

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1)
)
x = torch.randn(2, 3)
seen = {}


def record(module, grad_input, grad_output):
    seen["grad_input"] = grad_input


# On the first layer, the input x needs no gradient: its entry is None,
# and PyTorch warns that the hook fires with the output's gradient only.
handle = model[0].register_full_backward_hook(record)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    model(x).sum().backward()
handle.remove()
print("first Linear: grad_input =", seen["grad_input"])
for warning in caught:
    message = str(warning.message).split(". ")[0]
    print(f"{warning.category.__name__}: {message}.")


# Returning a tuple replaces grad_input: what flows on to earlier layers.
def stop_here(module, grad_input, grad_output):
    return (torch.zeros_like(grad_input[0]),)


handle = model[2].register_full_backward_hook(stop_here)
model.zero_grad()
model(x).sum().backward()
handle.remove()
print(
    "after the hook returned zeros: first layer's grad is zero:",
    bool((model[0].weight.grad == 0).all()),
    "| last layer's is not:",
    bool((model[2].weight.grad != 0).any()),
)

# --- checks ---

# claim: backward-hook-warns-no-input-grad
assert any("no inputs require gradients" in str(w.message) for w in caught)
# claim: backward-hook-none-for-input-without-grad
assert seen["grad_input"] == (None,)
# claim: backward-hook-return-replaces-grad-input
assert (model[0].weight.grad == 0).all() and (model[2].weight.grad != 0).any()
