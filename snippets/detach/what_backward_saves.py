import torch
from torch.autograd.graph import saved_tensors_hooks

x = torch.tensor([0.0, 1.0], requires_grad=True)
saved = []  # what the operations below save for the backward pass


def keep(t):
    saved.append(t)
    return t


with saved_tensors_hooks(keep, lambda t: t):
    y = x.sigmoid()  # d sigmoid = y * (1 - y) needs y
    print("sigmoid saves its output, only:", len(saved) == 1 and saved[0] is y)
    z = x * 2  # d(2x)/dx = 2: it keeps the number 2, no tensor the hooks see
    print("x * 2 gives the hooks nothing more:", len(saved) == 1)
z.detach().add_(5)  # an in-place change to a tensor nothing saved
z.sum().backward()
print("x.grad =", x.grad)

# --- checks ---

saved.clear()
with saved_tensors_hooks(keep, lambda t: t):
    s = x.sigmoid()
# claim: sigmoid-saves-its-output
assert len(saved) == 1 and saved[0] is s
saved.clear()
with saved_tensors_hooks(keep, lambda t: t):
    times_two = x * 2
# claim: times-two-saves-nothing
assert saved == []
# claim: times-two-keeps-only-the-number
assert times_two.grad_fn._saved_self is None
# claim: times-two-keeps-only-the-number
assert torch.equal(times_two.grad_fn._saved_other, torch.tensor(2))
# claim: inplace-on-unsaved-is-harmless inplace-check-covers-saved-only
assert torch.equal(x.grad, torch.tensor([2.0, 2.0]))
