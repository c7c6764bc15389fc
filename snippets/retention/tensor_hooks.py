import torch

x = torch.tensor(2.0, requires_grad=True)
c = x * x
loss = c * 3
seen = []


def record(grad):
    seen.append(grad)


handle = c.register_hook(record)
loss.backward(retain_graph=True)
# d(3c)/dc = 3, dc/dx = 2x = 4.
print("the hook saw the gradient flowing into c:", seen, "| x.grad =", x.grad)

handle.remove()
# The same graph again: the hook is gone.
loss.backward()
print("after handle.remove():", len(seen), "call | x.grad =", x.grad)

# A hook that returns a tensor replaces the gradient from there on.
x.grad = None
c = x * x
loss = c * 3
c.register_hook(lambda grad: grad * 10)
loss.backward()
print("a hook on c returning grad * 10: x.grad =", x.grad)

# On a leaf, the hook runs before accumulation: .grad gets what it returns.
w = torch.tensor(1.0, requires_grad=True)
w.register_hook(lambda grad: grad * 10)
(w * 5).backward()
print("a hook on the leaf w returning grad * 10: w.grad =", w.grad)

# A leaf's post-accumulate-grad hook runs once .grad holds the new gradient:
# the place to update a parameter during backward ("optimizer in backward").
p = torch.tensor(1.0, requires_grad=True)
updates = []


def sgd_in_backward(param):
    updates.append(param.grad.clone())
    with torch.no_grad():
        param -= 0.1 * param.grad
    # Used up: no gradient kept until the next step.
    param.grad = None


p.register_post_accumulate_grad_hook(sgd_in_backward)
(p * 5).backward()
print("post-accumulate hook saw", updates, "| p =", round(p.item(), 6))

# --- checks ---

import warnings  # noqa: E402

assert seen[0].item() == 3.0
# A hook that saw a gradient pass leaves no .grad behind.
probe_x = torch.tensor(2.0, requires_grad=True)
probe = probe_x * probe_x
calls = []
probe.register_hook(calls.append)
(probe * 3).backward()
with warnings.catch_warnings():
    # Reading a non-leaf's .grad warns.
    warnings.simplefilter("ignore")
    kept = probe.grad
# claim: hook-does-not-retain-gradient
assert len(calls) == 1 and calls[0].item() == 3.0
# claim: hook-does-not-retain-gradient
assert kept is None and not probe.retains_grad
# claim: handle-remove-takes-hook-off
assert len(seen) == 1
# claim: replaced-gradient-flows-on
assert x.grad.item() == 120
# claim: leaf-hook-changes-what-accumulates
assert w.grad.item() == 50
# claim: post-accumulate-hook-sees-grad
assert len(updates) == 1 and updates[0].item() == 5.0
# claim: optimizer-in-backward-updates
assert abs(p.item() - 0.5) < 1e-6 and p.grad is None
