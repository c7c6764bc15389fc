import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
h = torch.sigmoid(x)  # sigmoid saves its output for backward
out = torch.nn.ReLU(inplace=True)(h)  # and this overwrites it
try:
    out.sum().backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# The fix: an out-of-place ReLU leaves the saved output as it was
torch.nn.ReLU()(torch.sigmoid(x)).sum().backward()
print("ReLU() instead: x.grad is set:", x.grad is not None)

# --- checks ---


def plus_equals(x):
    h = x.exp()
    h += 1
    return h.sum()


def index_assignment(x):
    h = x.exp()
    h[0] = 0.0
    return h.sum()


errors = {}
for route in (plus_equals, index_assignment):
    try:
        route(torch.randn(3, requires_grad=True)).backward()
    except RuntimeError as caught:
        errors[route.__name__] = str(caught)
try:
    torch.nn.ReLU(inplace=True)(torch.sigmoid(x)).sum().backward()
except RuntimeError as caught:
    errors["relu_inplace"] = str(caught)
# claim: error-inplace-changed-saved-tensor
assert len(errors) == 3 and all(
    "modified by an inplace" in e for e in errors.values()
)

# An optimizer step between two backward passes through one graph
model = torch.nn.Sequential(
    torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1)
)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loss = model(torch.randn(2, 4)).sum()
loss.backward(retain_graph=True)
optimizer.step()
step_error = None
try:
    loss.backward()
except RuntimeError as caught:
    step_error = str(caught)
# claim: error-inplace-optimizer-step-between
assert step_error and "modified by an inplace operation" in step_error
