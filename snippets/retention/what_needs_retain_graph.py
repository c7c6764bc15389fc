import torch

x = torch.ones(3, requires_grad=True)


def saved_by(make):
    """How many tensors autograd saves for backward while `make` runs."""
    saved = []
    with torch.autograd.graph.saved_tensors_hooks(
        lambda t: saved.append(t) or t, lambda t: t
    ):
        out = make()
    return out, len(saved)


y, n = saved_by(lambda: (x + 1).sum())
print("(x + 1).sum() saves", n, "tensors")
assert n == 0  # the derivatives of add and sum are constants
y.backward()
y.backward()  # nothing was freed, because nothing was saved
print("backward twice: x.grad =", x.grad)
assert x.grad.tolist() == [2.0, 2.0, 2.0]

z, n = saved_by(lambda: (x * x).sum())
print("(x * x).sum() saves", n, "tensors")
assert n == 2  # mul keeps both inputs: d(x*x) needs x
z.backward()
try:
    z.backward()
except RuntimeError as error:
    print(f"backward twice: RuntimeError: {str(error)[:60]}...")
    assert "Trying to backward through the graph a second time" in str(error)
else:
    raise AssertionError("the second backward through x * x should have raised")
