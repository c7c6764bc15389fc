import contextlib

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = DDP(torch.nn.Linear(4, 1), gradient_as_bucket_view=True)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for i in range(4):
    with model.no_sync() if i < 3 else contextlib.nullcontext():
        (model(torch.randn(2, 4)).pow(2).mean() / 4).backward()
optimizer.step()
optimizer.zero_grad(set_to_none=False)  # zero the views, keep them
buffers = {p.grad.untyped_storage().data_ptr() for p in model.parameters()}
print("storages behind the 2 gradients:", len(buffers))
dist.destroy_process_group()

# --- checks ---


def storages(ddp):
    return len({p.grad.untyped_storage().data_ptr() for p in ddp.parameters()})


def run(set_to_none, gradient_as_bucket_view=True):
    """Two steps of 4 micro-batches; the gradient storages after a no_sync()
    micro-batch of the second step, and the second step's gradient."""
    torch.manual_seed(0)
    ddp = DDP(
        torch.nn.Linear(4, 1), gradient_as_bucket_view=gradient_as_bucket_view
    )
    opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
    for step in range(2):
        for i in range(4):
            with ddp.no_sync() if i < 3 else contextlib.nullcontext():
                (ddp(torch.randn(2, 4)).pow(2).mean() / 4).backward()
            if step == 1 and i == 0:
                during = storages(ddp)
        grad = [p.grad.clone() for p in ddp.parameters()]
        after_sync = storages(ddp)
        opt.step()
        opt.zero_grad(set_to_none=set_to_none)
    return during, after_sync, grad


# The recipe destroyed its process group: the runs below make their own.
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
kept, dropped, plain = run(False), run(True), run(True, False)
dist.destroy_process_group()
# claim: bucket-view-grads-share-one-buffer
assert storages(model) == 1 and kept[1] == 1 and plain[1] == 2
# claim: bucket-view-set-to-none-allocates
assert dropped[0] == 2 and dropped[1] == 1
# claim: bucket-view-set-to-none-allocates
assert kept[0] == 1
# claim: bucket-view-same-gradient
assert all(
    torch.allclose(a, b, atol=1e-6)
    for result in (kept, dropped)
    for a, b in zip(result[2], plain[2])
)
