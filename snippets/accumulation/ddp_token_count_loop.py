import contextlib

import torch
import torch.distributed as dist
import torch.nn.functional as F

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(8, 5))
labels = torch.tensor([[1, 4, 0, -100], [2, -100, -100, -100]])  # -100: pad
tokens = (labels != -100).sum()  # this process's valid tokens in the group
dist.all_reduce(tokens)  # now: the valid tokens of every process
for i, y in enumerate(labels):
    with model.no_sync() if i == 0 else contextlib.nullcontext():
        loss = F.cross_entropy(model(torch.randn(4, 8)), y, reduction="sum")
        (loss * dist.get_world_size() / tokens).backward()
print("valid tokens in this step, over every process:", tokens.item())
dist.destroy_process_group()

# --- checks ---

assert tokens.item() == 4
