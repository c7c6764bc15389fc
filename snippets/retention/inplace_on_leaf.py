import torch

w = torch.tensor(2.0, requires_grad=True)
try:
    w.add_(1)
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# After backward: how optimizers change a parameter.
optimizer = torch.optim.SGD([w], lr=0.1)
(w * w).backward()
# w -= 0.1 * w.grad, with gradient recording off.
optimizer.step()
print("after step(): w =", w, " is_leaf =", w.is_leaf, " grad_fn =", w.grad_fn)
# The same kind of change, by hand.
with torch.no_grad():
    w.add_(1)
print("after w.add_(1) under no_grad(): w =", w, " is_leaf =", w.is_leaf)

# Between forward and backward, the same change breaks the pending backward
# when an operation saved the leaf: c = a * a keeps a to compute its gradient.
a = torch.tensor(2.0, requires_grad=True)
c = a * a
with torch.no_grad():
    a.add_(1)
# _version is private: the version counter, read here to show it moved.
print("a._version =", a._version)
try:
    c.backward()
except RuntimeError as error:
    print(f"RuntimeError: {str(error).split(' Hint:')[0]}")

# e = b * 5 saves nothing of b (its gradient is 5 whatever b is):
# the same change goes through, and the gradient is still right.
b = torch.tensor(2.0, requires_grad=True)
e = b * 5
with torch.no_grad():
    b.add_(1)
e.backward()
print("e = b * 5, b changed before backward: b.grad =", b.grad)

# --- checks ---

from torch.overrides import TorchFunctionMode  # noqa: E402


class InPlaceGradMode(TorchFunctionMode):
    """Grad mode at each in-place call: add_, and the _foreach_add_ of the
    foreach implementation (the default for CUDA parameters)."""

    def __init__(self):
        super().__init__()
        self.grad_mode = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", "")
        if name.endswith("_") and not name.startswith("__"):
            self.grad_mode.append(torch.is_grad_enabled())
        return func(*args, **(kwargs or {}))


try:
    torch.tensor(2.0, requires_grad=True).add_(1)
except RuntimeError as caught:
    leaf_error = caught
# claim: inplace-on-leaf-raises
assert "a leaf Variable that requires grad is being used in an in-place" in str(
    leaf_error
)
for foreach in (False, True):
    p = torch.tensor(2.0, requires_grad=True)
    (p * p).backward()
    spy = InPlaceGradMode()
    with spy:
        torch.optim.SGD([p], lr=0.1, foreach=foreach).step()
    # claim: step-writes-under-no-grad
    assert spy.grad_mode and not any(spy.grad_mode)
    # claim: step-keeps-parameter-a-leaf
    assert abs(p.item() - 1.6) < 1e-6 and p.is_leaf and p.grad_fn is None
# claim: no-grad-change-keeps-leaf summary-change-parameters-under-no-grad
assert abs(w.item() - 2.6) < 1e-6 and w.is_leaf and w.requires_grad
# claim: inplace-change-moves-version-counter
assert a._version == 1
try:
    c.backward()
except RuntimeError as caught:
    saved_error = caught
# claim: changed-saved-leaf-breaks-backward
assert "modified by an inplace operation" in str(saved_error)
# claim: changed-saved-leaf-breaks-backward
assert "is at version 1; expected version 0" in str(saved_error)
# claim: unsaved-leaf-change-is-harmless
assert b.grad.item() == 5.0
