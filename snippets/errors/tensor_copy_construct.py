import warnings

import torch

w = torch.ones(3, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    copy = torch.tensor(w)
print(f"{caught[0].category.__name__}: {caught[0].message}")
print("copy.requires_grad:", copy.requires_grad)

# --- checks ---

# claim: error-tensor-of-tensor-warns
assert len(caught) == 1 and caught[0].category is UserWarning
# claim: error-tensor-of-tensor-warns
assert "To copy construct from a tensor" in str(caught[0].message)
# claim: error-tensor-of-tensor-warns
assert not copy.requires_grad
