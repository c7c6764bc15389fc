import weakref

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(8, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1)
)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
x, y = torch.randn(16, 8), torch.randn(16, 1)


def nodes(grad_fn):
    """Autograd nodes reachable from grad_fn: the graph kept alive."""
    seen, todo = set(), [grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and node not in seen:
            seen.add(node)
            todo += [next_node for next_node, _ in node.next_functions]
    return len(seen)


# 1. Logging the loss tensor keeps every step's graph.
total, kept = 0.0, []
for step in range(3):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    total += loss
    kept.append(nodes(total.grad_fn))
print("total += loss:        graph nodes kept after each step:", kept)

total = 0.0
for step in range(3):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    total += loss.item()
print("total += loss.item(): total is a", type(total).__name__)


# 2. retain_graph=True: the tensors saved for backward outlive backward().
class Saved:
    def __init__(self, tensor):
        self.tensor = tensor


def saved_alive_after_backward(retain_graph):
    alive = []

    def pack(tensor):
        saved = Saved(tensor)
        alive.append(weakref.ref(saved))
        return saved

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda s: s.tensor):
        loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward(retain_graph=retain_graph)
    # loss is still referenced here, as a logged loss tensor would be
    return sum(ref() is not None for ref in alive)


with_retain = saved_alive_after_backward(True)
without = saved_alive_after_backward(False)
print("saved tensors alive after backward, retain_graph=True: ", with_retain)
print("saved tensors alive after backward, retain_graph=False:", without)

# 3. Outputs kept for later, such as predictions for the epoch's metrics.
outputs = [model(x) for step in range(3)]
detached = [model(x).detach() for step in range(3)]
with torch.no_grad():
    evaluated = [model(x) for step in range(3)]
for name, kept_outputs in [
    ("model(x)", outputs),
    ("model(x).detach()", detached),
    ("model(x) under no_grad", evaluated),
]:
    graphs = sum(o.grad_fn is not None for o in kept_outputs)
    print(f"{name:>22} kept 3 times: {graphs} of 3 keep a graph")

# --- checks ---

# claim: logging-loss-tensor-keeps-graphs
assert kept[0] < kept[1] < kept[2]
# claim: logging-loss-tensor-keeps-graphs
assert isinstance(total, float)
# claim: retain-graph-keeps-saved-tensors
assert with_retain > 0 and without == 0
# claim: kept-outputs-keep-graphs
assert all(nodes(o.grad_fn) > 1 for o in outputs)
# claim: kept-outputs-keep-graphs
assert len({o.grad_fn for o in outputs}) == len(outputs)
# claim: detached-outputs-keep-no-graph
assert all(
    o.grad_fn is None and not o.requires_grad for o in detached + evaluated
)
