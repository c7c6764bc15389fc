import torch

model = torch.nn.Linear(3, 1)
x = torch.ones(2, 3)
with torch.no_grad():
    loss = model(x).sum()
print("requires_grad:", loss.requires_grad, "grad_fn:", loss.grad_fn)
try:
    loss.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

ELEMENT_0 = "does not require grad and does not have a grad_fn"


def backward_error(loss):
    try:
        loss.backward()
    except RuntimeError as caught:
        return str(caught)


# claim: error-element-0-no-graph
assert ELEMENT_0 in backward_error(loss)  # under no_grad(), as the recipe
# claim: error-element-0-no-graph
assert loss.grad_fn is None and not loss.requires_grad
with torch.inference_mode():
    in_inference_mode = model(x).sum()
# claim: error-element-0-no-graph
assert ELEMENT_0 in backward_error(in_inference_mode)
model.requires_grad_(False)  # no input requires grad: a frozen model on data
# claim: error-element-0-no-graph
assert ELEMENT_0 in backward_error(model(x).sum())
model.requires_grad_(True)
# claim: error-element-0-no-graph
assert backward_error(model(x).sum()) is None  # one input that does: it runs
