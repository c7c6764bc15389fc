import torch
import torch.distributed as dist
from torch.distributed.algorithms import Join

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
with Join([model]):  # a process out of data shadows the others' all-reduces
    for step, (first, last) in enumerate(torch.randn(3, 2, 2, 4)):
        with model.no_sync():
            (model(first).pow(2).mean() / 2).backward()
        (model(last).pow(2).mean() / 2).backward()
        optimizer.step()
        optimizer.zero_grad()
print(step + 1, "optimizer steps")
dist.destroy_process_group()

# --- checks ---

from torch.utils.data import DistributedSampler  # noqa: E402

assert step == 2 and model.module.weight.grad is None
# 10 samples over 3 processes: 4 each, samples 0 and 1 twice
shares = [
    list(DistributedSampler(range(10), num_replicas=3, rank=r, shuffle=False))
    for r in range(3)
]
# claim: distributed-sampler-pads-evenly
assert [len(share) for share in shares] == [4, 4, 4]
# claim: distributed-sampler-pads-evenly
assert sorted(sum(shares, [])) == sorted([*range(10), 0, 1])
