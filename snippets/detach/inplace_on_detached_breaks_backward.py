import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
y = x.sigmoid()
print("y._version =", y._version)
assert y._version == 0

y.detach().zero_()  # shares y's storage and y's version counter
print("y._version =", y._version, " y =", y)
assert y._version == 1

try:
    y.sum().backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    assert "modified by an inplace operation" in str(error)
    assert "is at version 1; expected version 0" in str(error)
else:
    raise AssertionError(
        "backward after the in-place change should have raised"
    )
