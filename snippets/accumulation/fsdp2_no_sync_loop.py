import torch
import torch.distributed as dist
from torch.distributed.fsdp import fully_shard

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Linear(8, 1))
for module in [*model, model]:  # each block first, then the root
    fully_shard(module)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for i in range(4):
    model.set_requires_gradient_sync(i == 3)  # reduce-scatter on the last
    (model(torch.randn(2, 4)).pow(2).mean() / 4).backward()
optimizer.step()
optimizer.zero_grad()
print("one optimizer step over 4 micro-batches")
dist.destroy_process_group()

# --- checks ---

# every block and the root are FSDP units, each weight a DTensor
assert all(type(layer.weight).__name__ == "DTensor" for layer in model)
assert model[0].weight.grad is None
