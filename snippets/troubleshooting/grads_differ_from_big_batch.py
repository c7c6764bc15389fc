import copy

import torch

torch.manual_seed(0)
x, y = torch.randn(12, 4), torch.randn(12, 1)
mse = torch.nn.MSELoss()


def grads(model):
    return torch.cat([p.grad.flatten() for p in model.parameters()])


def compare(start, sizes, weight_of):
    """Largest gap between the big batch and micro-batches of `sizes`, each
    mean loss multiplied by weight_of(its rows)."""
    big, small = copy.deepcopy(start), copy.deepcopy(start)
    mse(big(x), y).backward()
    for xb, yb in zip(x.split(sizes), y.split(sizes)):
        (mse(small(xb), yb) * weight_of(len(xb))).backward()
    return (grads(big) - grads(small)).abs().max().item()


linear = torch.nn.Linear(4, 1)
with_bn = torch.nn.Sequential(
    torch.nn.Linear(4, 4), torch.nn.BatchNorm1d(4), torch.nn.Linear(4, 1)
)
rows = {
    "BatchNorm, equal micro-batches, / 3": (
        with_bn,
        [4, 4, 4],
        lambda m: 1 / 3,
    ),
    "Linear, sizes 8, 2, 2, / 3": (linear, [8, 2, 2], lambda m: 1 / 3),
    "Linear, sizes 8, 2, 2, * size / 12": (linear, [8, 2, 2], lambda m: m / 12),
}
found = {}
for label, (start, sizes, weight_of) in rows.items():
    found[label] = compare(start, sizes, weight_of)
    print(f"{label:<38} differs by more than 1e-3: {found[label] > 1e-3}")

# The short last group: 10 samples in groups of 4 micro-batches of 1 leave 2.
last = copy.deepcopy(linear)
for xb, yb in zip(x[8:10].split(1), y[8:10].split(1)):
    (mse(last(xb), yb) / 4).backward()
reference = copy.deepcopy(linear)
mse(reference(x[8:10]), y[8:10]).backward()
ratio = (grads(last) / grads(reference)).mean().item()
print(f"short last group divided by 4 instead of 2: gradient x {ratio:.2f}")

# --- checks ---

# claim: batchnorm-micro-batches-differ
assert found["BatchNorm, equal micro-batches, / 3"] > 1e-3
# claim: unequal-sizes-divide-by-count
assert found["Linear, sizes 8, 2, 2, / 3"] > 1e-3
# claim: unequal-sizes-divide-by-count
assert found["Linear, sizes 8, 2, 2, * size / 12"] < 1e-6
# claim: short-last-group-gradient-too-small
assert abs(ratio - 0.5) < 1e-5
