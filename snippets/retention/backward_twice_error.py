import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
d.backward()

try:
    d.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    # claim: second-backward-raises
    assert "Trying to backward through the graph a second time" in str(error)
else:
    raise AssertionError("the second backward should have raised")
print("a.grad =", a.grad)
# claim: first-backward-result-stays
assert a.grad.item() == 2400
