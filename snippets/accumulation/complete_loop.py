import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
model = torch.nn.Linear(8, 3)
data = TensorDataset(torch.randn(38, 8), torch.randint(3, (38,)))
loader = DataLoader(data, batch_size=16)  # 16, 16, then the last 6 rows
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.LinearLR(optimizer, total_iters=100)
scaler = torch.amp.GradScaler("cpu")  # "cuda" on a GPU
for inputs, labels in loader:
    for x, y in zip(inputs.split(4), labels.split(4)):  # micro-batches of 4
        with torch.autocast("cpu", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss * len(y) / len(labels)).backward()  # its share
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad()
    scheduler.step()
print(f"{scheduler.last_epoch} optimizer steps, the last on {len(labels)} rows")

# --- checks ---

# claim: complete-loop-steps-last-group
assert scheduler.last_epoch == 3 and (len(labels), len(y)) == (6, 2)
# claim: complete-loop-leaves-no-grad
assert all(p.grad is None for p in model.parameters())

F = torch.nn.functional
trained = [p.detach().clone() for p in model.parameters()]


def epoch(micro_batch_rows, loss_of):
    """The recipe's epoch again, from the same seed and data; `loss_of(output,
    labels, rows of the batch, micro-batches in the batch)` is what each
    micro-batch backpropagates. The model, and the scale after each step."""
    torch.manual_seed(0)
    model = torch.nn.Linear(8, 3)
    data = TensorDataset(torch.randn(38, 8), torch.randint(3, (38,)))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.LinearLR(optimizer, total_iters=100)
    scaler = torch.amp.GradScaler("cpu")
    scales = []
    for inputs, labels in DataLoader(data, batch_size=16):
        micro = list(
            zip(inputs.split(micro_batch_rows), labels.split(micro_batch_rows))
        )
        for x, y in micro:
            with torch.autocast("cpu", dtype=torch.float16):
                loss = loss_of(model(x), y, len(labels), len(micro))
            scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
        scheduler.step()
        scales.append(scaler.get_scale())
    return model, scales


def distance(model, parameters):
    pairs = zip(model.parameters(), parameters)
    return max((p - q).abs().max().item() for p, q in pairs)


# The harness is the recipe: the same function of the same data, bit for bit.
again, scales = epoch(
    4, lambda out, y, rows, n: F.cross_entropy(out, y) * len(y) / rows
)
assert distance(again, trained) == 0
# The reference: 3 big batches of 16, 16 and 6 rows, one step each, the mean.
big, big_scales = epoch(16, lambda out, y, rows, n: F.cross_entropy(out, y))
# Each micro-batch's mean divided by their number: the 2-row micro-batch then
# weighs as much as the 4-row one.
per_micro, _ = epoch(4, lambda out, y, rows, n: F.cross_entropy(out, y) / n)

# No step was skipped (the scale never went down) in either run, so both took
# the same steps; they differ by float16 rounding only.
# claim: complete-loop-matches-big-batch summary-loop-matches-full-batch
assert scales == big_scales == [2.0**16] * 3 and distance(big, trained) < 1e-4
# claim: complete-loop-mean-per-micro-batch-misses
assert distance(per_micro, big.parameters()) > 1e-3
