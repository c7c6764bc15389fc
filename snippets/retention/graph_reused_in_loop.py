import torch

torch.manual_seed(0)
inputs = torch.randn(8, 4)


def make_model():
    torch.manual_seed(0)
    return torch.nn.Sequential(
        torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1)
    )


def train(model, forward_in_loop, retain_graph=False):
    """Two SGD steps; the first weight's gradient at each step."""
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    # The mistake: the graph is built once, before the loop.
    out = model(inputs)
    grads = []
    for step in range(2):
        if forward_in_loop:
            # The fix: a new graph every step, from the current weights.
            out = model(inputs)
        optimizer.zero_grad()
        out.pow(2).mean().backward(retain_graph=retain_graph)
        grads.append(next(model.parameters()).grad.clone())
        # The weights change in place.
        optimizer.step()
    return grads


# Without retain_graph: step 1 walks the freed graph of step 0.
try:
    train(make_model(), forward_in_loop=False)
except RuntimeError as error:
    print(f"RuntimeError: {str(error)[:60]}...")

# With retain_graph=True: the graph of step 0 saved the weights it used,
# and optimizer.step() has changed them in place since.
try:
    train(make_model(), forward_in_loop=False, retain_graph=True)
except RuntimeError as error:
    print(f"RuntimeError: {str(error).split(' Hint:')[0]}")

# A model whose graph saved no weight (one Linear on inputs that need no
# gradient) raises nothing: each step reuses the gradient of step 0.
torch.manual_seed(0)
stale = train(torch.nn.Linear(4, 1), forward_in_loop=False, retain_graph=True)
same = torch.equal(stale[0], stale[1])
print("one Linear, retain_graph=True: step 0 and 1 gradients equal:", same)

# The fix: the forward pass inside the loop.
fresh = train(make_model(), forward_in_loop=True)
same = torch.equal(fresh[0], fresh[1])
print("forward inside the loop: step 0 and 1 gradients equal:", same)

# --- checks ---

try:
    train(make_model(), forward_in_loop=False)
except RuntimeError as caught:
    freed = caught
# claim: reused-graph-raises-second-time
assert "backward through the graph a second time" in str(freed)
try:
    train(make_model(), forward_in_loop=False, retain_graph=True)
except RuntimeError as caught:
    changed = caught
# claim: retained-graph-after-step-raises-inplace
assert "modified by an inplace operation" in str(changed)
# claim: retained-graph-gives-stale-gradient
assert torch.equal(stale[0], stale[1])
# claim: forward-in-loop-fresh-gradient
assert not torch.equal(fresh[0], fresh[1])
