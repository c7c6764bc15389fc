import contextlib

import torch
import torch.distributed as dist
from torch.distributed.algorithms.ddp_comm_hooks import default_hooks
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)


def all_reduces(forward_inside):
    """All-reduces DDP runs for 4 micro-batches, no_sync() on the first 3."""
    calls = []

    def counting_hook(process_group, bucket):
        calls.append(bucket.index())
        return default_hooks.allreduce_hook(process_group, bucket)

    model = DDP(torch.nn.Linear(4, 1))
    model.register_comm_hook(None, counting_hook)
    for i in range(4):
        sync = model.no_sync() if i < 3 else contextlib.nullcontext()
        if forward_inside:
            with sync:
                loss = model(torch.randn(2, 4)).pow(2).mean() / 4
                loss.backward()
        else:
            loss = model(torch.randn(2, 4)).pow(2).mean() / 4
            with sync:  # only backward() inside no_sync()
                loss.backward()
    return len(calls)


inside, outside = all_reduces(True), all_reduces(False)
print("forward inside no_sync():  all-reduces for 4 micro-batches:", inside)
print("forward outside no_sync(): all-reduces for 4 micro-batches:", outside)
dist.destroy_process_group()

# --- checks ---

# claim: ddp-forward-outside-all-reduces-every-time
assert inside == 1 and outside == 4
