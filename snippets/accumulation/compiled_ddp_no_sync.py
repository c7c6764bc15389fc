import contextlib
import logging

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

torch._logging.set_logs(dynamo=logging.ERROR)  # a note on profiler marks
# One process stands in for torchrun's workers: gloo, an in-memory store.
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
torch.manual_seed(0)
net = torch.nn.Sequential(
    torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1)
)
model = DDP(net)
compiled = torch.compile(model, backend="aot_eager")
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = list(zip(torch.randn(16, 4).chunk(4), torch.randn(16, 1).chunk(4)))


def accumulate(batches):
    for i, (x, y) in enumerate(batches):
        last = i == len(batches) - 1
        with contextlib.nullcontext() if last else model.no_sync():
            (F.mse_loss(compiled(x), y) / len(batches)).backward()


accumulate(batches)
optimizer.step()
optimizer.zero_grad()
print("one optimizer step over", len(batches), "micro-batches")

# --- checks ---

all_reduces = []


def counting(state, bucket):
    all_reduces.append(bucket.index())
    return (
        dist.all_reduce(bucket.buffer(), async_op=True)
        .get_future()
        .then(lambda fut: fut.value()[0])
    )


model.register_comm_hook(None, counting)
accumulate(batches)
# claim: compiled-no-sync-one-all-reduce-per-step
assert all_reduces == [0]
compiled_grads = [p.grad.clone() for p in model.parameters()]
optimizer.zero_grad()
for i, (x, y) in enumerate(batches):  # the same loop, eager and without DDP
    (F.mse_loss(net(x), y) / len(batches)).backward()
# claim: compiled-accumulation-same-gradient
assert all(
    torch.allclose(c, p.grad, atol=1e-6)
    for c, p in zip(compiled_grads, net.parameters())
)
dist.destroy_process_group()
