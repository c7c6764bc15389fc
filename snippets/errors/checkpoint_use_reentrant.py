import warnings

import torch
from torch.utils.checkpoint import checkpoint

layer = torch.nn.Linear(3, 3)
x = torch.ones(2, 3, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = checkpoint(layer, x)
print(f"{caught[0].category.__name__}: {caught[0].message}")

with warnings.catch_warnings(record=True) as quiet:
    warnings.simplefilter("always")
    out = checkpoint(layer, x, use_reentrant=False)
print("use_reentrant=False: warnings:", len(quiet))

# --- checks ---

# claim: error-checkpoint-use-reentrant-warns
assert len(caught) == 1 and caught[0].category is UserWarning
# claim: error-checkpoint-use-reentrant-warns
assert "the use_reentrant parameter should be passed explicitly" in str(
    caught[0].message
)
assert not quiet
