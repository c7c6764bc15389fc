import torch

model = torch.nn.Linear(8, 8)  # an autoencoder, to keep it short
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")  # "cuda" on a GPU
for batch in torch.utils.data.DataLoader(torch.randn(38, 8), batch_size=16):
    for x in batch.split(4):  # micro-batches of 4 rows
        with torch.autocast("cpu", dtype=torch.float16):
            loss = torch.nn.functional.mse_loss(model(x), x)  # mean over rows
        scaler.scale(loss * len(x) / len(batch)).backward()  # x's share
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad()
print(f"last batch: {len(batch)} rows, its last micro-batch: {len(x)} rows")

# --- checks ---

F = torch.nn.functional
# The loader's last batch holds the 6 rows left, its last micro-batch 2.
# claim: complete-loop-steps-last-group
assert (len(batch), len(x)) == (6, 2)
# claim: complete-loop-leaves-no-grad
assert all(p.grad is None for p in model.parameters())

from contextlib import redirect_stdout  # noqa: E402
from io import StringIO  # noqa: E402

# The recipe's code, run again from a seed, is what the comparisons below use.
with open(__file__, encoding="utf-8") as source:
    RECIPE = source.read().split("# --- checks ---")[0]


def recipe_from_seed():
    torch.manual_seed(0)
    namespace = {}
    with redirect_stdout(StringIO()):  # the checks print nothing
        exec(RECIPE, namespace)
    return namespace["model"]


def epoch(micro_batch_rows, loss_of):
    """The recipe's epoch from the same seed; `loss_of(output, x, rows
    of the batch, micro-batches in the batch)` is what each micro-batch
    backpropagates. The model, and the scale after each step."""
    torch.manual_seed(0)
    model = torch.nn.Linear(8, 8)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    scales = []
    for batch in torch.utils.data.DataLoader(torch.randn(38, 8), batch_size=16):
        micro = batch.split(micro_batch_rows)
        for x in micro:
            with torch.autocast("cpu", dtype=torch.float16):
                loss = loss_of(model(x), x, len(batch), len(micro))
            scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
        scales.append(scaler.get_scale())
    return model, scales


def distance(model, other):
    pairs = zip(model.parameters(), other.parameters())
    return max((p - q).abs().max().item() for p, q in pairs)


trained = recipe_from_seed()
# The harness with the recipe's loss is the recipe, bit for bit.
again, scales = epoch(
    4, lambda out, x, rows, n: F.mse_loss(out, x) * len(x) / rows
)
assert distance(again, trained) == 0
# The reference: 3 big batches of 16, 16 and 6 rows, one step each, the mean.
big, big_scales = epoch(16, lambda out, x, rows, n: F.mse_loss(out, x))
# Each micro-batch's mean divided by their number: the 2-row micro-batch then
# weighs as much as the 4-row one.
per_micro, _ = epoch(4, lambda out, x, rows, n: F.mse_loss(out, x) / n)

# Three steps, none skipped (the scale never went down) in either run, so both
# took the same steps; they differ by float16 rounding only.
# claim: complete-loop-steps-last-group
assert len(scales) == 3
# claim: complete-loop-matches-big-batch summary-loop-matches-full-batch
assert scales == big_scales == [2.0**16] * 3 and distance(big, trained) < 1e-4
# claim: complete-loop-mean-per-micro-batch-misses
assert distance(per_micro, big) > 1e-3
