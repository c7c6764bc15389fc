import warnings

import torch
from torch.utils.checkpoint import checkpoint

layer = torch.nn.Linear(3, 3)
x = torch.ones(2, 3, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = checkpoint(layer, x)  # no use_reentrant: a warning, then it runs
print(f"{caught[0].category.__name__}: {caught[0].message}")
print("no use_reentrant:", type(out.grad_fn).__name__)
for use_reentrant in (True, False):
    node = checkpoint(layer, x, use_reentrant=use_reentrant).grad_fn
    print(f"use_reentrant={use_reentrant}:", type(node).__name__)

# --- checks ---

# claim: error-checkpoint-use-reentrant-warns
assert len(caught) == 1 and caught[0].category is UserWarning
# claim: error-checkpoint-use-reentrant-warns
assert "the use_reentrant parameter should be passed explicitly" in str(
    caught[0].message
)
with warnings.catch_warnings(record=True) as quiet:
    warnings.simplefilter("always")
    checkpoint(layer, x, use_reentrant=False)
    checkpoint(layer, x, use_reentrant=True)
# claim: error-checkpoint-use-reentrant-warns
assert not quiet


def backward_node(**kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return type(checkpoint(layer, x, **kwargs).grad_fn)


# claim: checkpoint-default-is-reentrant
assert backward_node() is backward_node(use_reentrant=True)
# claim: checkpoint-default-is-reentrant
assert backward_node() is not backward_node(use_reentrant=False)
release = tuple(int(part) for part in torch.__version__.split(".")[:2])
# The warning names a release that has come: the call still only warns.
# claim: checkpoint-warning-stale-no-raise
assert "Starting in PyTorch 2.9" in str(caught[0].message) and release >= (2, 9)
# claim: checkpoint-warning-stale-no-raise
assert isinstance(out, torch.Tensor) and out.grad_fn is not None
