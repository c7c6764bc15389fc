import warnings

import torch
from torch.utils.checkpoint import checkpoint

layer = torch.nn.Linear(2, 2)
x = torch.randn(
    1, 2
)  # the input does not require grad, as a batch of data never does
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = checkpoint(layer, x, use_reentrant=True)
print(f"{caught[0].category.__name__}: {caught[0].message}")
try:
    out.sum().backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
print("layer.weight.grad:", layer.weight.grad)

# The fix: use_reentrant=False tracks the parameters, whatever the inputs.
checkpoint(layer, x, use_reentrant=False).sum().backward()
print("with use_reentrant=False:", layer.weight.grad is not None)

# --- checks ---

# claim: error-reentrant-checkpoint-no-grad-inputs-warns
assert "None of the inputs have requires_grad=True" in str(caught[0].message)
# claim: error-reentrant-checkpoint-output-has-no-graph
assert not out.requires_grad and out.grad_fn is None
# claim: error-non-reentrant-checkpoint-reaches-weights
assert layer.weight.grad is not None
