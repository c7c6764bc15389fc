import copy

import torch

torch.manual_seed(0)
x, y = torch.randn(40, 4), torch.randn(40, 1)
# 10 micro-batches of 4 rows; in groups of 4: 4 + 4 + 2, the last one short
micro_batches = list(zip(x.split(4), y.split(4)))
ACCUMULATION_STEPS = 4
loss_fn = torch.nn.MSELoss()
start = torch.nn.Linear(4, 1)


def naive(model):
    """Step only when (i + 1) is a multiple of ACCUMULATION_STEPS."""
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    steps = 0
    for i, (xb, yb) in enumerate(micro_batches):
        (loss_fn(model(xb), yb) / ACCUMULATION_STEPS).backward()
        if (i + 1) % ACCUMULATION_STEPS == 0:
            optimizer.step()
            optimizer.zero_grad()
            steps += 1
    return steps


def fixed(model):
    """Divide by the group's real size; step after the last micro-batch too."""
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    steps = 0
    for i, (xb, yb) in enumerate(micro_batches):
        group_start = i - i % ACCUMULATION_STEPS
        group_size = min(ACCUMULATION_STEPS, len(micro_batches) - group_start)
        (loss_fn(model(xb), yb) / group_size).backward()
        if i == group_start + group_size - 1:
            optimizer.step()
            optimizer.zero_grad()
            steps += 1
    return steps


model = copy.deepcopy(start)
naive_steps = naive(model)
naive_left = model.weight.grad is not None
print(
    f"naive: {naive_steps} steps,"
    f" gradient left in .grad after the epoch: {naive_left}"
)

model = copy.deepcopy(start)
steps = fixed(model)
left = model.weight.grad is not None
print(f"fixed: {steps} steps, gradient left in .grad after the epoch: {left}")

# The reference: the same epoch as big batches of 16, 16 and 8 rows.
reference = copy.deepcopy(start)
optimizer = torch.optim.SGD(reference.parameters(), lr=0.1)
for xb, yb in zip(x.split(16), y.split(16)):
    loss_fn(reference(xb), yb).backward()
    optimizer.step()
    optimizer.zero_grad()
diff = (model.weight - reference.weight).abs().max().item()
print("fixed loop's weights equal the big batches' (diff < 1e-6):", diff < 1e-6)

# drop_last=True drops a short micro-batch, not a short group
loader = torch.utils.data.DataLoader(
    torch.utils.data.TensorDataset(x[:38], y[:38]), batch_size=4, drop_last=True
)
left_over = len(loader) % ACCUMULATION_STEPS
print(f"38 rows, drop_last=True: {len(loader)} micro-batches, {left_over} left")

# --- checks ---

# claim: naive-loop-leaves-last-group
assert naive_steps == 2 and naive_left
# claim: fixed-loop-steps-every-group
assert steps == 3 and not left
# claim: short-group-divided-by-real-size
assert diff < 1e-6
# claim: drop-last-drops-micro-batch-only
assert len(loader) == 9 and left_over == 1
