import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x, y = torch.randn(4, 3), torch.randn(4, 1)

with torch.no_grad():  # an evaluation helper reused for training, say
    loss = F.mse_loss(model(x), y)

# The first thing to print: is there a graph behind the loss?
print("loss.requires_grad =", loss.requires_grad, "| grad_fn =", loss.grad_fn)
try:
    loss.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

import warnings  # noqa: E402

from torch.utils.checkpoint import checkpoint  # noqa: E402

PHRASE = (
    "element 0 of tensors does not require grad and does not have a grad_fn"
)


def backward_error(loss):
    try:
        loss.backward()
    except RuntimeError as error:
        return str(error)


def has_no_graph(loss):
    return not loss.requires_grad and loss.grad_fn is None


# claim: element-0-loss-has-no-graph
assert has_no_graph(loss)
# claim: no-grad-forward-raises-element-0
assert PHRASE in backward_error(loss)
detached = F.mse_loss(model(x).detach(), y)
# claim: detached-output-raises-element-0
assert PHRASE in backward_error(detached)
# claim: element-0-loss-has-no-graph
assert has_no_graph(detached)
model.requires_grad_(False)
frozen = F.mse_loss(model(x), y)
model.requires_grad_(True)
# claim: frozen-model-raises-element-0
assert PHRASE in backward_error(frozen)
# claim: element-0-loss-has-no-graph
assert has_no_graph(frozen)
with torch.inference_mode():
    inferred = F.mse_loss(model(x), y)
# claim: inference-mode-forward-raises-element-0
assert PHRASE in backward_error(inferred)
# claim: element-0-loss-has-no-graph
assert has_no_graph(inferred)
# Reentrant checkpoint of a batch that needs no gradient: it warns, and its
# output has no graph.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    checkpointed = F.mse_loss(checkpoint(model, x, use_reentrant=True), y)
NO_GRAD_INPUTS = "None of the inputs have requires_grad"
# claim: reentrant-checkpoint-raises-element-0
assert any(NO_GRAD_INPUTS in str(w.message) for w in caught)
# claim: element-0-loss-has-no-graph
assert has_no_graph(checkpointed)
# claim: reentrant-checkpoint-raises-element-0
assert PHRASE in backward_error(checkpointed)
# A loss with a graph has both, and backpropagates.
working = F.mse_loss(model(x), y)
# claim: element-0-loss-has-no-graph
assert not has_no_graph(working) and backward_error(working) is None
