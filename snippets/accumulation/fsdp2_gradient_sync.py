import collections
import datetime
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.distributed.fsdp import fully_shard
from torch.utils._python_dispatch import TorchDispatchMode

WORLD_SIZE, MICRO_BATCHES = 2, 4
MODES = ("sync every time", "sync off", "sync and reshard off")
torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
# What the workers report, per mode and rank: the first row of the first
# weight's gradient (gathered from the shards), the collectives they ran,
# and what a no-sync micro-batch leaves on that weight
grads = torch.zeros(len(MODES), WORLD_SIZE, 4).share_memory_()
counts = torch.zeros(len(MODES), WORLD_SIZE, 2, dtype=torch.int64)
between = torch.zeros(len(MODES), WORLD_SIZE, 3, dtype=torch.int64)
shards = torch.zeros(WORLD_SIZE, 2, dtype=torch.int64)
for shared in (counts, between, shards):
    shared.share_memory_()


class CountCollectives(TorchDispatchMode):
    """Counts the all-gathers and reduce-scatters this process runs."""

    def __init__(self):
        super().__init__()
        self.calls = collections.Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.calls[func.__name__.split(".")[0]] += 1
        return func(*args, **(kwargs or {}))


def held(weight):
    """Whether this process holds a shard; its values; its gradient's values."""
    sharded = type(weight).__name__ == "DTensor"
    local = weight.to_local() if sharded else weight
    grad = weight.grad
    if sharded and grad is not None:
        grad = grad.to_local()
    grad_values = 0 if grad is None else grad.numel()
    return torch.tensor([sharded, local.numel(), grad_values])


def new_model():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Linear(8, 1))


def train(rank, mode):
    model = new_model()
    for module in [*model, model]:  # each block first, then the root
        fully_shard(module)
    xs = x.chunk(WORLD_SIZE)[rank].chunk(MICRO_BATCHES)
    ys = y.chunk(WORLD_SIZE)[rank].chunk(MICRO_BATCHES)
    with CountCollectives() as collectives:
        for i, (xb, yb) in enumerate(zip(xs, ys)):
            last = i == MICRO_BATCHES - 1
            if mode != "sync every time":
                model.set_requires_gradient_sync(last)
            if mode == "sync and reshard off":
                model.set_reshard_after_backward(last)
            loss = torch.nn.functional.mse_loss(model(xb), yb)
            (loss / MICRO_BATCHES).backward()
            if i == 0:  # what the first micro-batch leaves on a weight
                between[MODES.index(mode), rank] = held(model[0].weight)
    calls = collectives.calls
    counts[MODES.index(mode), rank] = torch.tensor(
        [calls["_allgather_base_"], calls["_reduce_scatter_base_"]]
    )
    grad = model[0].weight.grad  # a DTensor: this process's shard
    shards[rank] = torch.tensor(grad.to_local().shape)
    return grad.full_tensor()[0]  # gathered from every process's shard


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
        grads[m, rank] = train(rank, mode)
    dist.destroy_process_group()


with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
mp.start_processes(worker, args=(port,), nprocs=WORLD_SIZE, start_method="fork")

for m, mode in enumerate(MODES):
    gathers, scatters = counts[m, 0].tolist()
    print(f"{mode}: {gathers} all-gathers, {scatters} reduce-scatters")
    sharded, values, grad_values = between[m, 0].tolist()
    kept = "a shard" if sharded else "whole"
    grad = f"{grad_values} values" if grad_values else "None"
    print(f"  after micro-batch 1: weight {values}/32 ({kept}), .grad {grad}")
reference = new_model()
torch.nn.functional.mse_loss(reference(x), y).backward()
full_batch = reference[0].weight.grad[0]
skip_diff = max((grads[m] - grads[0]).abs().max().item() for m in (1, 2))
print("sync off vs every micro-batch, diff < 1e-6:", skip_diff < 1e-6)
diff = (grads[1, 0] - full_batch).abs().max().item()
print("equal to one process on all 16 rows, diff < 1e-6:", diff < 1e-6)

# --- checks ---

# every rank ran the same collectives
assert torch.equal(counts[:, 0], counts[:, 1])
# claim: fsdp2-sync-off-skips-reduce-scatters
assert counts[0, 0].tolist() == [16, 8] and counts[1, 0].tolist() == [16, 2]
# claim: fsdp2-reshard-off-fewer-all-gathers
assert counts[2, 0].tolist() == [10, 2]
# the sync was skipped: fewer reduce-scatters than when every micro-batch syncs
# claim: fsdp2-skip-sync-same-gradient
assert counts[1, 0, 1] < counts[0, 0, 1] and counts[2, 0, 1] < counts[0, 0, 1]
# claim: fsdp2-skip-sync-same-gradient
assert skip_diff < 1e-6
# claim: fsdp2-equals-full-batch
assert diff < 1e-6
# claim: fsdp2-sync-off-shard-has-no-grad
assert between[1, 0].tolist() == [True, 16, 0]
# claim: fsdp2-reshard-off-keeps-whole-weight
assert between[2, 0].tolist() == [False, 32, 32]
assert between[0, 0].tolist() == [True, 16, 16]
# each rank's shard of the (8, 4) weight's gradient (to_local() of the DTensor):
# 4 of its 8 rows
# claim: fsdp2-grad-is-dtensor-shard
assert shards.tolist() == [[4, 4], [4, 4]]
