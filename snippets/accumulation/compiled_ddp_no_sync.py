import contextlib
import logging

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

torch._logging.set_logs(dynamo=logging.ERROR)  # a note on profiler marks
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = torch.compile(DDP(torch.nn.Linear(4, 1)), backend="aot_eager")
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for i in range(4):
    with model.no_sync() if i < 3 else contextlib.nullcontext():
        (model(torch.randn(4, 4)).pow(2).mean() / 4).backward()
optimizer.step()
print("one optimizer step over 4 micro-batches")
dist.destroy_process_group()

# --- checks ---

import torch.nn.functional as F  # noqa: E402

all_reduces = []


def counting(state, bucket):
    all_reduces.append(bucket.index())
    return (
        dist.all_reduce(bucket.buffer(), async_op=True)
        .get_future()
        .then(lambda fut: fut.value()[0])
    )


# The same loop on fixed data, its all-reduces counted by a hook: the recipe
# destroyed its process group, so the checks make their own and a new model.
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = torch.compile(DDP(torch.nn.Linear(4, 1)), backend="aot_eager")
model.register_comm_hook(None, counting)
torch.manual_seed(0)
batches = list(zip(torch.randn(16, 4).chunk(4), torch.randn(16, 1).chunk(4)))
for i, (x, y) in enumerate(batches):
    with model.no_sync() if i < 3 else contextlib.nullcontext():
        (F.mse_loss(model(x), y) / len(batches)).backward()
dist.destroy_process_group()
# claim: compiled-no-sync-one-all-reduce-per-step
assert all_reduces == [0]
net = model.module  # the Linear inside DDP, inside the compiled wrapper
compiled_grads = [p.grad.clone() for p in net.parameters()]
net.zero_grad()
for x, y in batches:  # the same loop, eager and without DDP
    (F.mse_loss(net(x), y) / len(batches)).backward()
# claim: compiled-accumulation-same-gradient
assert all(
    torch.allclose(c, p.grad, atol=1e-6)
    for c, p in zip(compiled_grads, net.parameters())
)
