import contextlib

import torch
import torch.distributed as dist
from torch.distributed.algorithms.ddp_comm_hooks import default_hooks
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = DDP(torch.nn.Linear(4, 1))


def log_all_reduce(process_group, bucket):
    print("  all-reduce of gradient bucket", bucket.index())
    return default_hooks.allreduce_hook(process_group, bucket)


model.register_comm_hook(None, log_all_reduce)
for i in range(4):
    print("micro-batch", i)
    with model.no_sync() if i < 3 else contextlib.nullcontext():
        (model(torch.randn(2, 4)).pow(2).mean() / 4).backward()

# --- checks ---

import io  # noqa: E402

# The same loop again, its printed lines kept
with contextlib.redirect_stdout(io.StringIO()) as printed:
    for i in range(4):
        print("micro-batch", i)
        with model.no_sync() if i < 3 else contextlib.nullcontext():
            (model(torch.randn(2, 4)).pow(2).mean() / 4).backward()
# claim: ddp-hook-logs-one-all-reduce
assert printed.getvalue().splitlines() == [
    *(f"micro-batch {i}" for i in range(4)),
    "  all-reduce of gradient bucket 0",
]
dist.destroy_process_group()
