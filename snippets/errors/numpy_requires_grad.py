import torch

w = torch.ones(3, requires_grad=True)
try:
    w.numpy()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    # claim: error-numpy-needs-detach
    assert "Can't call numpy() on Tensor that requires grad" in str(error)
else:
    raise AssertionError("numpy() on a tensor that requires grad should raise")

print("w.detach().numpy():", w.detach().numpy())
