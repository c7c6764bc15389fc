import torch

torch.manual_seed(0)


def relu_inplace(x):
    # sigmoid saves its output; ReLU(inplace=True) overwrites it
    h = torch.sigmoid(x)
    return torch.nn.ReLU(inplace=True)(h).sum()


def plus_equals(x):
    h = x.exp()
    h += 1
    return h.sum()


def index_assignment(x):
    h = x.exp()
    h[0] = 0.0
    return h.sum()


routes = {
    "ReLU(inplace=True)": relu_inplace,
    "+= on an activation": plus_equals,
    "index assignment": index_assignment,
}
errors = {}
for route, forward in routes.items():
    x = torch.randn(3, requires_grad=True)
    print(f"{route}:")
    try:
        forward(x).backward()
    except RuntimeError as error:
        errors[route] = str(error)
        print(f"  RuntimeError: {error}")
# claim: error-inplace-changed-saved-tensor
assert all("modified by an inplace" in errors.get(r, "") for r in routes)

# An optimizer step between two backward passes through one graph
model = torch.nn.Sequential(
    torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1)
)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loss = model(torch.randn(2, 4)).sum()
loss.backward(retain_graph=True)
optimizer.step()
error = None
try:
    loss.backward()
except RuntimeError as caught:
    error = str(caught)
    print("optimizer.step() between two backward passes:")
    print(f"  RuntimeError: {error}")
# claim: error-inplace-optimizer-step-between
assert error and "modified by an inplace operation" in error
