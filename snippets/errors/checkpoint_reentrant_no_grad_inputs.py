import warnings

import torch
from torch.utils.checkpoint import checkpoint

layer = torch.nn.Linear(2, 2)
x = torch.randn(1, 2)  # a batch of data: it does not require grad
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = checkpoint(layer, x, use_reentrant=True)
print(f"{caught[0].category.__name__}: {caught[0].message}")
try:
    out.sum().backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
print("layer.weight.grad:", layer.weight.grad)

# --- checks ---

# claim: error-reentrant-checkpoint-no-grad-inputs-warns
assert "None of the inputs have requires_grad=True" in str(caught[0].message)
try:
    out.sum().backward()
except RuntimeError as caught_error:
    error = caught_error
# claim: error-reentrant-checkpoint-output-has-no-graph
assert not out.requires_grad and out.grad_fn is None
# claim: error-reentrant-checkpoint-output-has-no-graph
assert "element 0 of tensors does not require grad" in str(error)
# claim: error-reentrant-checkpoint-output-has-no-graph
assert layer.weight.grad is None and layer.bias.grad is None
with warnings.catch_warnings(record=True) as default_caught:
    warnings.simplefilter("always")
    default_out = checkpoint(layer, x)  # no use_reentrant: reentrant too
# claim: error-reentrant-checkpoint-default-too
assert any("None of the inputs" in str(w.message) for w in default_caught)
# claim: error-reentrant-checkpoint-default-too
assert default_out.grad_fn is None
checkpoint(layer, x, use_reentrant=False).sum().backward()
# claim: error-non-reentrant-checkpoint-reaches-weights
assert layer.weight.grad is not None and layer.bias.grad is not None
