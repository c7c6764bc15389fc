import contextlib

import torch
import torch.distributed as dist
from torch.distributed.algorithms.ddp_comm_hooks import default_hooks

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(4, 1))


def log_all_reduce(process_group, bucket):
    print("  all-reduce of gradient bucket", bucket.index())
    return default_hooks.allreduce_hook(process_group, bucket)


model.register_comm_hook(None, log_all_reduce)
for i in range(4):
    print("micro-batch", i)
    with model.no_sync() if i < 3 else contextlib.nullcontext():
        (model(torch.randn(2, 4)).pow(2).mean() / 4).backward()
dist.destroy_process_group()

# --- checks ---

import io  # noqa: E402

# The same loop again, its printed lines kept: the recipe destroyed its process
# group, so the checks make their own and wrap the same module in a new DDP.
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = torch.nn.parallel.DistributedDataParallel(model.module)
model.register_comm_hook(None, log_all_reduce)
with contextlib.redirect_stdout(io.StringIO()) as printed:
    for i in range(4):
        print("micro-batch", i)
        with model.no_sync() if i < 3 else contextlib.nullcontext():
            (model(torch.randn(2, 4)).pow(2).mean() / 4).backward()
dist.destroy_process_group()
# claim: ddp-hook-logs-one-all-reduce
assert printed.getvalue().splitlines() == [
    *(f"micro-batch {i}" for i in range(4)),
    "  all-reduce of gradient bucket 0",
]
