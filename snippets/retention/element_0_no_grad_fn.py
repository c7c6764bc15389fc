import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x, y = torch.randn(4, 3), torch.randn(4, 1)

# An evaluation helper reused for training, say.
with torch.no_grad():
    loss = F.mse_loss(model(x), y)

# The first thing to print: is there a graph behind the loss?
print("loss.requires_grad =", loss.requires_grad, "| grad_fn =", loss.grad_fn)
try:
    loss.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

PHRASE = (
    "element 0 of tensors does not require grad and does not have a grad_fn"
)


def backward_error(loss):
    try:
        loss.backward()
    except RuntimeError as error:
        return str(error)


# claim: element-0-loss-has-no-graph
assert not loss.requires_grad and loss.grad_fn is None
# claim: no-grad-forward-raises-element-0
assert PHRASE in backward_error(loss)
# claim: detached-output-raises-element-0
assert PHRASE in backward_error(F.mse_loss(model(x).detach(), y))
model.requires_grad_(False)
frozen = F.mse_loss(model(x), y)
model.requires_grad_(True)
# claim: frozen-model-raises-element-0
assert PHRASE in backward_error(frozen)
