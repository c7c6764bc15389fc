import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x, y = torch.randn(4, 3), torch.randn(4, 1)

total_kept = 0
for _ in range(3):
    loss = torch.nn.functional.mse_loss(model(x), y)
    # Keeps every step's graph alive.
    total_kept = total_kept + loss
print("total_kept.grad_fn =", total_kept.grad_fn.name())

pred = model(x)
try:
    pred.numpy()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# .cpu() changes nothing here; it is needed for a GPU tensor.
array = pred.detach().cpu().numpy()
print(type(array).__name__, array.shape)
# numpy(force=True) detaches (and moves to the CPU) by itself.
print("numpy(force=True) equal:", (pred.numpy(force=True) == array).all())

# --- checks ---


def losses_held(node, seen):
    """How many loss computations the graph behind `node` still holds."""
    if node is None or node in seen:
        return 0
    seen.add(node)
    here = type(node).__name__ == "MseLossBackward0"
    return here + sum(losses_held(n, seen) for n, _ in node.next_functions)


# claim: summed-loss-tensor-holds-graphs
assert losses_held(total_kept.grad_fn, set()) == 3
try:
    pred.numpy()
except RuntimeError as caught:
    error = caught
# claim: numpy-refuses-requires-grad
assert "Can't call numpy() on Tensor that requires grad" in str(error)
detached = pred.detach().cpu()
# claim: detach-then-numpy-works
assert not detached.requires_grad
# claim: detach-then-numpy-works
assert array.shape == (4, 1) and (detached.numpy() == array).all()
# claim: numpy-force-detaches
assert (pred.numpy(force=True) == array).all()
