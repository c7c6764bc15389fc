import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x, y = torch.randn(4, 3), torch.randn(4, 1)


def forward_under_no_grad():
    with torch.no_grad():
        return F.mse_loss(model(x), y)


def output_detached():
    return F.mse_loss(model(x).detach(), y)


def model_frozen():
    model.requires_grad_(False)
    loss = F.mse_loss(model(x), y)
    model.requires_grad_(True)
    return loss


def backward_error(loss):
    try:
        loss.backward()
    except RuntimeError as error:
        return str(error)
    return "backward() raised nothing"


PHRASE = (
    "element 0 of tensors does not require grad and does not have a grad_fn"
)

loss = forward_under_no_grad()
# The check to make first: the loss has no graph behind it.
print("loss.requires_grad =", loss.requires_grad, "| grad_fn =", loss.grad_fn)
# claim: element-0-loss-has-no-graph
assert not loss.requires_grad and loss.grad_fn is None
message = backward_error(loss)
print(f"under no_grad():  RuntimeError: {message}")
# claim: no-grad-forward-raises-element-0
assert PHRASE in message

# claim: detached-output-raises-element-0
assert PHRASE in backward_error(output_detached())
print("detached output: the same error")
# claim: frozen-model-raises-element-0
assert PHRASE in backward_error(model_frozen())
print("frozen model:    the same error")
