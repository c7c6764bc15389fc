import copy

import torch

torch.manual_seed(0)
x, y = torch.randn(40, 4), torch.randn(40, 1)
micro_batches = list(zip(x.split(4), y.split(4)))  # 10 micro-batches
ACCUMULATION_STEPS = 4  # 10 = 4 + 4 + 2: the last group is short
loss_fn = torch.nn.MSELoss()
model = torch.nn.Linear(4, 1)
start = copy.deepcopy(model.state_dict())

# Naive: step only when (i + 1) is a multiple of ACCUMULATION_STEPS.
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
steps = 0
for i, (xb, yb) in enumerate(micro_batches):
    (loss_fn(model(xb), yb) / ACCUMULATION_STEPS).backward()
    if (i + 1) % ACCUMULATION_STEPS == 0:
        optimizer.step()
        optimizer.zero_grad()
        steps += 1
print(
    f"naive: {steps} optimizer steps, gradient left over after the epoch:"
    f" {model.weight.grad is not None}"
)
assert (
    steps == 2 and model.weight.grad is not None
)  # it would leak into the next epoch's first step

# Fixed: also step after the last micro-batch, and divide by the size of the
# group.
model.load_state_dict(start)
model.zero_grad()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
steps = 0
for i, (xb, yb) in enumerate(micro_batches):
    group_size = min(
        ACCUMULATION_STEPS,
        len(micro_batches) - i // ACCUMULATION_STEPS * ACCUMULATION_STEPS,
    )
    (loss_fn(model(xb), yb) / group_size).backward()
    if (i + 1) % ACCUMULATION_STEPS == 0 or i + 1 == len(micro_batches):
        if i + 1 == len(
            micro_batches
        ):  # check: the short group's gradient is its full-batch gradient
            check = copy.deepcopy(model)
            check.zero_grad()
            loss_fn(check(x[32:]), y[32:]).backward()
            diff = (model.weight.grad - check.weight.grad).abs().max().item()
        optimizer.step()
        optimizer.zero_grad()
        steps += 1
print(
    f"fixed: {steps} optimizer steps, gradient left over after the epoch:"
    f" {model.weight.grad is not None}"
)
assert steps == 3 and model.weight.grad is None
print(
    f"last step (group of {group_size}) equals the full batch of those rows"
    f" up to rounding (< 1e-6): {diff < 1e-6}"
)
assert group_size == 2 and diff < 1e-6

# drop_last=True drops a short micro-batch, not a short group of micro-batches.
loader = torch.utils.data.DataLoader(
    torch.utils.data.TensorDataset(x[:38], y[:38]), batch_size=4, drop_last=True
)
print(
    f"38 rows, drop_last=True: {len(loader)} micro-batches,"
    f" {len(loader) % ACCUMULATION_STEPS} left after full groups"
)
assert len(loader) == 9 and len(loader) % ACCUMULATION_STEPS == 1
