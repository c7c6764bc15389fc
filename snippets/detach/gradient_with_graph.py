import warnings

import torch

w = torch.tensor(3.0, requires_grad=True)
optimizer = torch.optim.SGD([w], lr=0.1)

# PyTorch gives this warning once per process, unless told to always warn.
always = torch.is_warn_always_enabled()
torch.set_warn_always(True)
try:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # Keeps a graph of the gradient, for second derivatives.
        (w**3).backward(create_graph=True)
finally:
    torch.set_warn_always(always)
message = str(caught[0].message).split(" (Triggered internally")[0]
print(f"UserWarning: {message}")

grad = w.grad
print("w.grad =", grad.item(), " grad_fn =", type(grad.grad_fn).__name__)

# The loop the article quotes, as it runs today with set_to_none=False.
optimizer.zero_grad(set_to_none=False)
print(
    "after zero_grad(set_to_none=False):", w.grad, " grad_fn =", w.grad.grad_fn
)

# The default today: no zeros at all, the gradient is dropped.
optimizer.zero_grad()
print("after zero_grad():", w.grad)

# --- checks ---

# claim: create-graph-grad-warns-leak
assert caught and caught[0].category is UserWarning
# claim: create-graph-grad-warns-leak
assert "create_graph=True will create a reference cycle" in message
# The same steps again, each state kept.
w = torch.tensor(3.0, requires_grad=True)
optimizer = torch.optim.SGD([w], lr=0.1)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    (w**3).backward(create_graph=True)
grad = w.grad
# claim: create-graph-grad-has-grad-fn
assert grad.item() == 27 and grad.grad_fn is not None
optimizer.zero_grad(set_to_none=False)
# claim: zero-grad-detaches-graph-gradient
assert w.grad is grad and grad.grad_fn is None and grad.item() == 0
optimizer.zero_grad()
# claim: zero-grad-default-drops-gradient
assert w.grad is None
