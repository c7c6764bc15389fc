import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
c.retain_grad()
d.retain_grad()
d.backward()

print("a.grad =", a.grad)
assert a.grad.item() == 2400
print("c.grad =", c.grad)
assert c.grad.item() == 2 * b.item() * c.item() == 120
print("d.grad =", d.grad)
assert d.grad.item() == 1
print("c.retains_grad =", c.retains_grad)
assert c.retains_grad and d.retains_grad

a.retain_grad()  # on a leaf: nothing to do, leaves keep .grad anyway
print("a.retains_grad =", a.retains_grad)
assert not a.retains_grad

try:
    b.retain_grad()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    assert "can't retain_grad on Tensor that has requires_grad=False" in str(
        error
    )
else:
    raise AssertionError("retain_grad() on b should have raised")
