import contextlib
import datetime
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import (
    allreduce_hook,
)
from torch.nn.parallel import DistributedDataParallel as DDP

WORLD_SIZE, MICRO_BATCHES, ROWS = 2, 2, 16
MODES = ("no_sync", "no no_sync", "forward outside no_sync")
torch.manual_seed(0)
x = torch.randn(ROWS, 3, dtype=torch.float64)
y = x.sum(dim=1, keepdim=True)
# What the workers report: each rank's gradient and all-reduce count per mode
grads = torch.zeros(len(MODES), WORLD_SIZE, 3, dtype=torch.float64)
calls = torch.zeros(len(MODES), WORLD_SIZE, dtype=torch.int64)
grads.share_memory_()
calls.share_memory_()


def counting_allreduce(counter, bucket):
    counter.append(1)
    # the default hook: average the bucket over the ranks
    return allreduce_hook(None, bucket)


def train(mode, rank):
    torch.manual_seed(0)
    model = DDP(torch.nn.Linear(3, 1, dtype=torch.float64))
    counter = []
    model.register_comm_hook(counter, counting_allreduce)
    # each rank takes its half of the 16 rows, in 2 micro-batches of 4
    xs = x.chunk(WORLD_SIZE)[rank].chunk(MICRO_BATCHES)
    ys = y.chunk(WORLD_SIZE)[rank].chunk(MICRO_BATCHES)
    for i, (xb, yb) in enumerate(zip(xs, ys)):
        skip = mode != "no no_sync" and i < MICRO_BATCHES - 1
        sync = model.no_sync() if skip else contextlib.nullcontext()
        if mode == "forward outside no_sync":
            loss = torch.nn.functional.mse_loss(model(xb), yb)
            with sync:
                (loss / MICRO_BATCHES).backward()
        else:
            # forward and backward both inside no_sync()
            with sync:
                loss = torch.nn.functional.mse_loss(model(xb), yb)
                (loss / MICRO_BATCHES).backward()
    return model.module.weight.grad[0], len(counter)


def worker(rank, port):
    torch.set_num_threads(1)
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{port}",
        rank=rank,
        world_size=WORLD_SIZE,
        timeout=datetime.timedelta(seconds=60),
    )
    for m, mode in enumerate(MODES):
        grads[m, rank], calls[m, rank] = train(mode, rank)
    dist.destroy_process_group()


with socket.socket() as s:
    # a free port, picked by the operating system
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
# fork: the workers inherit x, y, grads and calls; join=True waits for both
# and raises if one fails
mp.start_processes(worker, args=(port,), nprocs=WORLD_SIZE, start_method="fork")

# The reference: one process, the whole 16-row batch, no accumulation
torch.manual_seed(0)
reference = torch.nn.Linear(3, 1, dtype=torch.float64)
torch.nn.functional.mse_loss(reference(x), y).backward()
full_batch = reference.weight.grad[0].clone()
effective = ROWS // WORLD_SIZE // MICRO_BATCHES * MICRO_BATCHES * WORLD_SIZE
print(f"effective batch: 4 rows x 2 micro-batches x 2 ranks = {effective}")
for m, mode in enumerate(MODES):
    same_on_ranks = torch.equal(grads[m, 0], grads[m, 1])
    diff = (grads[m, 0] - full_batch).abs().max().item()
    print(f"{mode}: all-reduce calls per rank {calls[m].tolist()}")
    print(
        f"  ranks equal: {same_on_ranks},"
        f" one-process gradient (diff < 1e-12): {diff < 1e-12}"
    )
# What each rank alone would compute from its 8 rows, before any all-reduce
local = []
for xr, yr in zip(x.chunk(WORLD_SIZE), y.chunk(WORLD_SIZE)):
    reference.zero_grad()
    torch.nn.functional.mse_loss(reference(xr), yr).backward()
    local.append(reference.weight.grad[0].clone())
averaged = (grads[0, 0] - sum(local) / WORLD_SIZE).abs().max().item()
print(
    "the mean of the ranks' local gradients (diff < 1e-12):", averaged < 1e-12
)

# --- checks ---

for m in range(len(MODES)):
    # claim: ddp-ranks-hold-same-gradient
    assert torch.equal(grads[m, 0], grads[m, 1])
    # claim: ddp-accumulation-equals-full-batch
    assert (grads[m, 0] - full_batch).abs().max().item() < 1e-12
# claim: ddp-allreduces-every-backward
assert calls[1].tolist() == [2, 2]
# claim: no-sync-skips-allreduce no-sync-one-allreduce-per-step summary-no-sync
assert calls[0].tolist() == [1, 1]
# claim: forward-outside-no-sync-still-syncs
assert calls[2].tolist() == [2, 2]
# claim: ddp-averages-gradients-over-ranks
assert averaged < 1e-12
