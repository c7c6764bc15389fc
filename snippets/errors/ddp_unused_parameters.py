import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = torch.nn.Linear(2, 1)
model.aux_head = torch.nn.Linear(2, 1)  # registered, never called by forward()
for find_unused in (False, True):
    ddp = DDP(model, find_unused_parameters=find_unused)
    try:
        ddp(torch.ones(4, 2)).sum().backward()
        ddp(torch.ones(4, 2)).sum().backward()  # raises without the flag
        print(f"find_unused_parameters={find_unused}: two iterations, no error")
    except RuntimeError as error:  # any rank raises it: one process is enough
        print(f"RuntimeError: {error}")
dist.destroy_process_group()

# --- checks ---

x = torch.ones(4, 2)
# The recipe destroyed its process group: the checks make their own.
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
try:
    ddp = DDP(model)
    ddp(x).sum().backward()
    try:
        ddp(x).sum().backward()
    except RuntimeError as caught:
        error = caught
    # claim: error-ddp-unused-parameters
    assert "Expected to have finished reduction" in str(error)
    # claim: error-ddp-unused-parameters
    assert "find_unused_parameters=True" in str(error)
    # claim: error-ddp-unused-parameters
    assert model.aux_head.weight.grad is None
finally:
    dist.destroy_process_group()
