import contextlib
import copy

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

# One process here; under torchrun, every process runs this same loop.
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
torch.manual_seed(0)
net = torch.nn.Sequential(
    torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)
)
start = copy.deepcopy(net.state_dict())
# 10 micro-batches of 4 rows: groups of 4 + 4 + 2, the last one short
loader = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(10)]
ACCUMULATION_STEPS = 4
MAX_NORM = 1.0


def train(model, batches, accumulation_steps):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 1, gamma=0.5)
    # "cuda" on a GPU; on a CPU, float16 autocast needs it as much
    scaler = torch.amp.GradScaler("cpu")
    for i, (x, y) in enumerate(batches):
        group_start = i - i % accumulation_steps
        group_size = min(accumulation_steps, len(batches) - group_start)
        last = i == group_start + group_size - 1
        # DDP all-reduces on the group's last micro-batch only
        sync = contextlib.nullcontext() if last else model.no_sync()
        with sync:
            with torch.autocast("cpu", dtype=torch.float16):
                loss = torch.nn.functional.mse_loss(model(x), y)
            scaler.scale(loss / group_size).backward()
        if last:
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), MAX_NORM)
            scale = scaler.get_scale()
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
            # a lower scale means step() skipped the update (inf or nan)
            if scaler.get_scale() >= scale:
                scheduler.step()
    return scheduler


model = DDP(net)
scheduler = train(model, loader, ACCUMULATION_STEPS)
print("scheduler steps:", scheduler.last_epoch, "lr:", scheduler.get_last_lr())
# claim: complete-loop-steps-last-group
assert scheduler.last_epoch == 3
print("after the epoch, .grad is", net[0].weight.grad)
# claim: complete-loop-leaves-no-grad
assert all(p.grad is None for p in net.parameters())

# The same epoch as 3 big batches of 16, 16 and 8 rows, one step each.
big = torch.nn.Sequential(
    torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)
)
big.load_state_dict(start)
groups = [loader[k : k + ACCUMULATION_STEPS] for k in (0, 4, 8)]
big_batches = [[torch.cat(t) for t in zip(*group)] for group in groups]
train(DDP(big), big_batches, accumulation_steps=1)
diff = max(
    (p - q).abs().max().item()
    for p, q in zip(net.parameters(), big.parameters())
)
print("weights equal the big-batch run's, diff < 1e-4:", diff < 1e-4)
# claim: complete-loop-matches-big-batch summary-loop-matches-full-batch
assert diff < 1e-4
dist.destroy_process_group()
