import torch
import torch.distributed as dist

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
torch.manual_seed(0)
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
with model.no_sync():  # forward and backward: gradients add up locally
    for x in torch.randn(3, 8, 4):  # micro-batches 1 to 3 of 4
        model(x).pow(2).mean().div(4).backward()
model(torch.randn(8, 4)).pow(2).mean().div(4).backward()  # syncs, once
optimizer.step()
optimizer.zero_grad()
dist.destroy_process_group()
print("after the step, .grad is", model.module.weight.grad)
assert model.module.weight.grad is None
