import warnings

import torch

x = torch.ones(3, requires_grad=True)
h = x * 2
h.sum().backward()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    grad = h.grad
print(f"{caught[0].category.__name__}: {caught[0].message}")
print("h.grad:", grad)

# --- checks ---

# claim: error-non-leaf-grad-warns
assert len(caught) == 1 and caught[0].category is UserWarning
# claim: error-non-leaf-grad-warns
assert "not a leaf Tensor is being accessed" in str(caught[0].message)
assert grad is None
