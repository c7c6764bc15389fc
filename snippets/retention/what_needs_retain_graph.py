import torch

x = torch.ones(3, requires_grad=True)

y = (x + 1).sum()  # add and sum save no tensors for backward
y.backward()
y.backward()
print("(x + 1).sum(), backward twice: x.grad =", x.grad)
assert x.grad.tolist() == [2.0, 2.0, 2.0]

z = (x * x).sum()  # mul saves both inputs to compute its gradient
z.backward()
try:
    z.backward()
except RuntimeError as error:
    print(f"(x * x).sum(), backward twice: RuntimeError: {str(error)[:60]}...")
    assert "Trying to backward through the graph a second time" in str(error)
else:
    raise AssertionError("the second backward through x * x should have raised")
