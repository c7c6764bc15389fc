import torch

model = torch.nn.Linear(3, 1)
model(torch.ones(2, 3)).sum().backward()
model.zero_grad()
# claim: error-none-grad-iadd
assert all(p.grad is None for p in model.parameters())
try:
    for p in model.parameters():
        p.grad += torch.ones_like(p)
except TypeError as error:
    print(f"TypeError: {error}")
    # claim: error-none-grad-iadd
    assert "unsupported operand type(s) for +=: 'NoneType'" in str(error)
else:
    raise AssertionError("+= on a None gradient should have raised")
