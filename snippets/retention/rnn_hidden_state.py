import torch

# One long sequence (2 streams, 12 time steps), trained 3 steps at a time:
# truncated backpropagation through time.
torch.manual_seed(0)
sequence = torch.randn(2, 12, 3)


def train(detach_hidden, retain_graph=False):
    torch.manual_seed(0)
    rnn = torch.nn.RNN(3, 4, batch_first=True)
    optimizer = torch.optim.SGD(rnn.parameters(), lr=0.1)
    h = torch.zeros(1, 2, 4)
    steps = 0
    for chunk in sequence.split(3, dim=1):
        if detach_hidden:
            # Keep the value, cut the graph of the previous chunks.
            h = h.detach()
        out, h = rnn(chunk, h)
        loss = out.pow(2).mean()
        optimizer.zero_grad()
        loss.backward(retain_graph=retain_graph)
        optimizer.step()
        steps += 1
    return steps, h


# The hidden state carried over still points into the graph of the chunk
# before, which the last backward freed.
try:
    train(detach_hidden=False)
except RuntimeError as error:
    print(f"h carried over: RuntimeError: {str(error)[:60]}...")
    # claim: carried-hidden-state-raises
    assert "backward through the graph a second time" in str(error)
else:
    raise AssertionError("the carried hidden state should have raised")

# retain_graph=True does not help: the old graph saved the weights, and
# optimizer.step() has changed them in place since.
try:
    train(detach_hidden=False, retain_graph=True)
except RuntimeError as error:
    print(f"retain_graph=True: RuntimeError: {str(error)[:60]}...")
    # claim: carried-hidden-retain-graph-raises-inplace
    assert "modified by an inplace operation" in str(error)
else:
    raise AssertionError("the retained graph should have seen changed weights")

steps, h = train(detach_hidden=True)
print("h = h.detach() each chunk: trained", steps, "chunks")
# claim: detached-hidden-state-trains
assert steps == 4
h = h.detach()
print(
    "after h.detach(): requires_grad =",
    h.requires_grad,
    "| grad_fn =",
    h.grad_fn,
)
# claim: detached-hidden-state-trains
assert not h.requires_grad and h.grad_fn is None
