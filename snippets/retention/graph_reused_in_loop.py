import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
inputs = torch.randn(8, 4)
features = torch.tanh(model(inputs))  # built once, outside the loop

try:
    for step in range(2):
        loss = features.pow(2).mean()
        loss.backward()  # step 1 walks the graph of step 0 again
except RuntimeError as error:
    print(f"step {step}: RuntimeError: {str(error)[:60]}...")
    assert step == 1 and "backward through the graph a second time" in str(
        error
    )
else:
    raise AssertionError("reusing the graph across steps should have raised")


def train(forward_in_loop, retain_graph=False):
    """Two SGD steps; the weight gradient of each step."""
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    features = torch.tanh(model(inputs))
    grads = []
    for step in range(2):
        if forward_in_loop:
            features = torch.tanh(
                model(inputs)
            )  # a new graph, from the current weights
        optimizer.zero_grad()
        features.pow(2).mean().backward(retain_graph=retain_graph)
        grads.append(model.weight.grad.clone())
        optimizer.step()  # the weights change
    return grads


# retain_graph=True silences the error,
# but each step walks the graph of step 0 again:
# its gradient is the one of the old weights, however the weights have changed.
stale = train(forward_in_loop=False, retain_graph=True)
print(
    "retain_graph=True, step 0 and 1 gradients equal:",
    torch.equal(stale[0], stale[1]),
)
assert torch.equal(stale[0], stale[1])

# Fix: build the graph inside the loop, so every backward has its own.
fresh = train(forward_in_loop=True)
print(
    "forward inside the loop, step 0 and 1 gradients equal:",
    torch.equal(fresh[0], fresh[1]),
)
assert torch.equal(fresh[0], stale[0]) and not torch.equal(fresh[1], stale[1])
