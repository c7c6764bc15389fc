import torch
from torch.overrides import TorchFunctionMode

a = torch.tensor(2.0, requires_grad=True)
try:
    a.add_(1)
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    # claim: inplace-on-leaf-raises
    assert (
        "a leaf Variable that requires grad is being used in an in-place"
        in str(error)
    )
else:
    raise AssertionError("an in-place change of a should have raised")


class InPlaceGradMode(TorchFunctionMode):
    """Whether grad mode is on at each in-place call (add_, mul_, ...)."""

    def __init__(self):
        super().__init__()
        self.grad_mode = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", "")
        if name.endswith("_") and not name.startswith("_"):
            self.grad_mode.append(torch.is_grad_enabled())
        return func(*args, **(kwargs or {}))


# After backward: how optimizers update parameters.
optimizer = torch.optim.SGD([a], lr=0.1)
(a * a).backward()
spy = InPlaceGradMode()
with spy:
    # a -= 0.1 * a.grad
    optimizer.step()
print("grad mode at each in-place write of step():", spy.grad_mode)
# claim: step-writes-under-no-grad
assert spy.grad_mode and not any(spy.grad_mode)
print("after step(): a =", a, " is_leaf =", a.is_leaf, " grad_fn =", a.grad_fn)
# claim: step-keeps-parameter-a-leaf
assert abs(a.item() - 1.6) < 1e-6 and a.is_leaf and a.grad_fn is None
# The same kind of change, by hand.
with torch.no_grad():
    a.add_(1)
# claim: no-grad-change-keeps-leaf summary-change-parameters-under-no-grad
assert abs(a.item() - 2.6) < 1e-6 and a.is_leaf and a.requires_grad

# Between forward and backward, the same change breaks the pending backward
# when an operation saved a: c = a * a keeps a to compute its gradient.
a = torch.tensor(2.0, requires_grad=True)
c = a * a
with torch.no_grad():
    a.add_(1)
# _version is private: the version counter, read here to show it moved.
print("a._version =", a._version)
# claim: inplace-change-moves-version-counter
assert a._version == 1
try:
    c.backward()
except RuntimeError as error:
    print(f"RuntimeError: {str(error).split(' Hint:')[0]}")
    # claim: changed-saved-leaf-breaks-backward
    assert "modified by an inplace operation" in str(error)
    # claim: changed-saved-leaf-breaks-backward
    assert "is at version 1; expected version 0" in str(error)
else:
    raise AssertionError(
        "backward after changing a saved leaf should have raised"
    )

# c = a * 5 saves nothing of a (its gradient is 5 whatever a is):
# the same change goes through, and the gradient is still right.
a = torch.tensor(2.0, requires_grad=True)
c = a * 5
with torch.no_grad():
    a.add_(1)
c.backward()
print("c = a * 5, a changed before backward: a.grad =", a.grad)
# claim: unsaved-leaf-change-is-harmless
assert a.grad.item() == 5.0
