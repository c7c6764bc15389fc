import itertools

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)
)
# 38 rows in micro-batches of 4: the last micro-batch holds 2 rows
data = torch.utils.data.TensorDataset(torch.randn(38, 8), torch.randn(38, 1))
loader = torch.utils.data.DataLoader(data, batch_size=4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
# "cuda" on a GPU; float16 gradients need loss scaling on either device
scaler = torch.amp.GradScaler("cpu")


def train_one_epoch(model, loader, optimizer, scheduler, scaler, steps=4):
    micro_batches = iter(loader)
    scale = scaler.get_scale()
    while group := list(itertools.islice(micro_batches, steps)):
        # the rows of the whole group: the short last group is right too
        rows = sum(len(y) for _, y in group)
        for x, y in group:
            with torch.autocast("cpu", dtype=torch.float16):
                loss = torch.nn.functional.mse_loss(
                    model(x), y, reduction="sum"
                )
            scaler.scale(loss / rows).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
        # update() lowers the scale when step() skipped an inf or nan gradient
        previous, scale = scale, scaler.get_scale()
        if scale >= previous:
            scheduler.step()


train_one_epoch(model, loader, optimizer, scheduler, scaler)
print("scheduler steps:", scheduler.last_epoch, "lr:", scheduler.get_last_lr())
print("after the epoch, .grad is", model[0].weight.grad)

# --- checks ---

# claim: complete-loop-steps-last-group
assert scheduler.last_epoch == 3
# claim: complete-loop-leaves-no-grad
assert all(p.grad is None for p in model.parameters())

# The same epoch as 3 big batches of 16, 16 and 6 rows, one step each.
torch.manual_seed(0)
big = torch.nn.Sequential(
    torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)
)
big_optimizer = torch.optim.SGD(big.parameters(), lr=0.1)
train_one_epoch(
    big,
    torch.utils.data.DataLoader(data, batch_size=16),
    big_optimizer,
    torch.optim.lr_scheduler.StepLR(big_optimizer, step_size=1, gamma=0.5),
    torch.amp.GradScaler("cpu"),
    steps=1,
)
diff = max(
    (p - q).abs().max().item()
    for p, q in zip(model.parameters(), big.parameters())
)
# float16 rounding (dividing by the micro-batches ends 2e-3 away here)
# claim: complete-loop-matches-big-batch summary-loop-matches-full-batch
assert diff < 1e-4
