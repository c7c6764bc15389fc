import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x, y = torch.randn(4, 3), torch.randn(4, 1)

total_kept = 0
total = 0.0
for _ in range(3):
    loss = torch.nn.functional.mse_loss(model(x), y)
    total_kept = total_kept + loss  # keeps every step's graph alive
    total += loss.item()  # a Python float: no graph, no tensor
print(
    "total_kept grad_fn:",
    type(total_kept.grad_fn).__name__,
    "| total:",
    type(total).__name__,
)
assert total_kept.grad_fn is not None and isinstance(total, float)


def losses_reachable(node, seen=None):
    """How many loss computations the graph behind `node` still holds."""
    seen = set() if seen is None else seen
    if node is None or node in seen:
        return 0
    seen.add(node)
    here = int(type(node).__name__ == "MseLossBackward0")
    return here + sum(
        losses_reachable(next_fn, seen) for next_fn, _ in node.next_functions
    )


print("loss graphs held by total_kept:", losses_reachable(total_kept.grad_fn))
assert (
    losses_reachable(total_kept.grad_fn) == 3
)  # every step's graph, kept alive

pred = model(x)
try:
    pred.numpy()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    assert "Can't call numpy() on Tensor that requires grad" in str(error)
else:
    raise AssertionError(
        "numpy() on a tensor that requires grad should have raised"
    )

array = (
    pred.detach().cpu().numpy()
)  # .cpu() is a no-op here, needed for a GPU tensor
print(type(array).__name__, array.shape)
assert array.shape == (4, 1)
