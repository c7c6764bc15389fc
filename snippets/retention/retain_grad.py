import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
c.retain_grad()
d.retain_grad()
d.backward()

# claim: retained-c-grad-is-120
assert c.grad.item() == 2 * b.item() * c.item() == 120
# claim: scalar-backward-starts-from-one
assert d.grad.item() == 1
assert a.grad.item() == 2400
print("c.grad =", c.grad, "| d.grad =", d.grad, "| a.grad =", a.grad)
print("c.retains_grad =", c.retains_grad)
# claim: retains-grad-attribute
assert c.retains_grad and d.retains_grad

# On a leaf: nothing to do, leaves keep .grad anyway.
a.retain_grad()
print("a.retains_grad =", a.retains_grad)
# claim: retain-grad-on-leaf-no-op
assert not a.retains_grad

try:
    b.retain_grad()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    # claim: retain-grad-without-grad-raises
    assert "can't retain_grad on Tensor that has requires_grad=False" in str(
        error
    )
else:
    raise AssertionError("retain_grad() on b should have raised")
