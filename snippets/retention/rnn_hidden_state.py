import torch

torch.manual_seed(0)
series = torch.randn(2, 13, 3)  # 2 streams, 13 time steps, 3 features
inputs, targets = series[:, :-1], series[:, 1:]  # predict each next step
lstm = torch.nn.LSTM(3, 3, batch_first=True)
optimizer = torch.optim.SGD(lstm.parameters(), lr=0.1)

state = (torch.zeros(1, 2, 3), torch.zeros(1, 2, 3))  # an LSTM's (h, c)
for step, (x, y) in enumerate(zip(inputs.split(4, 1), targets.split(4, 1))):
    state = tuple(s.detach() for s in state)  # keep the values, cut the graph
    out, state = lstm(x, state)
    loss = torch.nn.functional.mse_loss(out, y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(f"chunk {step}: loss {loss.item():.3f}")

# --- checks ---

import copy  # noqa: E402

# Every chunk trained.
# claim: detached-hidden-state-trains
assert step == 2
# Each backward pass stopped at its chunk's start: the same loop again, each
# chunk's gradient equal to that of a copy of the LSTM run on the chunk alone,
# from a new tensor holding the state's values.
torch.manual_seed(0)
again = torch.nn.LSTM(3, 3, batch_first=True)
again_optimizer = torch.optim.SGD(again.parameters(), lr=0.1)
carried = (torch.zeros(1, 2, 3), torch.zeros(1, 2, 3))
for x, y in zip(inputs.split(4, 1), targets.split(4, 1)):
    carried = tuple(s.detach() for s in carried)
    start = tuple(torch.tensor(s.tolist()) for s in carried)
    alone = copy.deepcopy(again)
    out, carried = again(x, carried)
    again_optimizer.zero_grad()
    torch.nn.functional.mse_loss(out, y).backward()
    alone_out, _ = alone(x, start)
    torch.nn.functional.mse_loss(alone_out, y).backward()
    for p, q in zip(again.parameters(), alone.parameters()):
        # claim: detached-hidden-state-trains
        assert torch.equal(p.grad, q.grad)
    again_optimizer.step()
# The state the last chunk returned is in its graph; detach() keeps the
# values and cuts that graph.
# claim: detached-hidden-state-trains
assert all(
    s.grad_fn is not None
    and torch.equal(s.detach(), s)
    and s.detach().grad_fn is None
    and not s.detach().requires_grad
    for s in state
)
# claim: lstm-state-is-a-tuple
assert isinstance(state, tuple) and len(state) == 2
# nn.RNN's and nn.GRU's state is one tensor.
for layer in (torch.nn.RNN(3, 3), torch.nn.GRU(3, 3)):
    # claim: lstm-state-is-a-tuple
    assert isinstance(layer(torch.zeros(1, 1, 3))[1], torch.Tensor)
