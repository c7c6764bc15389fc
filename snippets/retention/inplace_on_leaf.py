import torch

w = torch.tensor(2.0, requires_grad=True)
try:
    w.add_(1)
except RuntimeError as error:
    print(f"RuntimeError: {error}")

(w * w).backward()
with torch.no_grad():  # what optimizer.step() does
    w -= 0.1 * w.grad
print("after the update: w =", w, "| is_leaf =", w.is_leaf)

# --- checks ---


def one_sgd_step(**options):
    """Run one SGD step on a leaf; the error it raises, or None."""
    p = torch.tensor([2.0], requires_grad=True)
    (p * p).sum().backward()
    address = p.data_ptr()
    try:
        torch.optim.SGD([p], lr=0.1, **options).step()
    except RuntimeError as error:
        return p, address, error
    return p, address, None


try:
    torch.tensor(2.0, requires_grad=True).add_(1)
except RuntimeError as caught:
    leaf_error = caught
LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place"
# claim: inplace-on-leaf-raises
assert LEAF_INPLACE in str(leaf_error)
# The step changes the leaf in place (the same storage, a new value) without
# that error, which any recorded in-place change of it raises: the change is
# not recorded. So for each of SGD's implementations.
for options in ({"foreach": False}, {"foreach": True}, {"fused": True}):
    p, address, error = one_sgd_step(**options)
    # claim: step-writes-under-no-grad
    assert error is None and p.data_ptr() == address
    # claim: step-keeps-parameter-a-leaf
    assert abs(p.item() - 1.6) < 1e-6 and p.is_leaf and p.grad_fn is None
# differentiable=True records the step: on a leaf, it raises that error.
p, address, error = one_sgd_step(differentiable=True)
# claim: differentiable-step-records
assert LEAF_INPLACE in str(error)
# claim: no-grad-change-keeps-leaf summary-change-parameters-under-no-grad
assert abs(w.item() - 1.6) < 1e-6 and w.is_leaf and w.requires_grad
# claim: no-grad-change-keeps-leaf
assert w.grad_fn is None
