import torch

torch.manual_seed(0)
series = torch.randn(2, 13, 3)
inputs, targets = series[:, :-1], series[:, 1:]


def train(carry, retain_graph=False):
    """The loop above, with carry(state) in place of detaching h and c."""
    torch.manual_seed(0)
    lstm = torch.nn.LSTM(3, 3, batch_first=True)
    optimizer = torch.optim.SGD(lstm.parameters(), lr=0.1)
    state = (torch.zeros(1, 2, 3), torch.zeros(1, 2, 3))
    for x, y in zip(inputs.split(4, 1), targets.split(4, 1)):
        state = carry(state)
        out, state = lstm(x, state)
        loss = torch.nn.functional.mse_loss(out, y)
        optimizer.zero_grad()
        loss.backward(retain_graph=retain_graph)
        optimizer.step()


def as_it_is(state):
    return state


def detach_as_for_a_gru(state):
    # Right for nn.RNN and nn.GRU, whose state is one tensor.
    return state.detach()


# The state carried over as it is points into the graph of the chunk
# before, which that chunk's backward freed.
try:
    train(as_it_is)
except RuntimeError as error:
    print(f"state carried over: RuntimeError: {str(error)[:60]}...")

# retain_graph=True does not help: the old graph saved the weights, and
# optimizer.step() has changed them in place since.
try:
    train(as_it_is, retain_graph=True)
except RuntimeError as error:
    print(f"retain_graph=True: RuntimeError: {str(error).split(' Hint:')[0]}")

# An LSTM's state is a tuple (h, c), which has no detach().
try:
    train(detach_as_for_a_gru)
except AttributeError as error:
    print(f"state.detach(): AttributeError: {error}")

# --- checks ---

try:
    train(as_it_is)
except RuntimeError as caught:
    freed = caught
# claim: carried-hidden-state-raises
assert "backward through the graph a second time" in str(freed)
try:
    train(as_it_is, retain_graph=True)
except RuntimeError as caught:
    changed = caught
# claim: carried-hidden-retain-graph-raises-inplace
assert "modified by an inplace operation" in str(changed)
try:
    train(detach_as_for_a_gru)
except AttributeError as caught:
    no_detach = caught
# claim: tuple-state-has-no-detach
assert "'tuple' object has no attribute 'detach'" in str(no_detach)
