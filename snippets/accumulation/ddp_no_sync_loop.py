import contextlib

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = DDP(torch.nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(2):
    for i in range(4):
        with model.no_sync() if i < 3 else contextlib.nullcontext():
            (model(torch.randn(2, 4)).pow(2).mean() / 4).backward()
    optimizer.step()
    optimizer.zero_grad()
print(step + 1, "optimizer steps")
dist.destroy_process_group()

# --- checks ---

assert model.module.weight.grad is None
