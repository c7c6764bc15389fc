import warnings

import torch

torch.set_warn_always(True)  # PyTorch gives this warning once per process
w = torch.tensor(2.0, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    (w**3).backward(create_graph=True)  # w.grad: a graph that refers to w
# The message ends with where in PyTorch's build it was raised: cut that off.
message = str(caught[0].message).split(" (Triggered internally")[0]
print(f"{caught[0].category.__name__}: {message}")

# The fix: torch.autograd.grad returns the gradient, w.grad is left alone.
w.grad = None
(grad,) = torch.autograd.grad(w**3, w, create_graph=True)
print("grad =", grad.item(), "| w.grad =", w.grad)

# --- checks ---

# claim: error-create-graph-backward-warns-cycle
assert "create_graph=True will create a reference cycle" in str(
    caught[0].message
)
with warnings.catch_warnings(record=True) as again:
    warnings.simplefilter("always")
    torch.autograd.grad(w**3, w, create_graph=True)
# claim: error-autograd-grad-create-graph-no-cycle
assert not again and w.grad is None and grad.requires_grad
