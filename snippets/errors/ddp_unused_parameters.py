import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

# One process is enough to meet the error: DDP's reducer raises it on any rank
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)


class TwoHeads(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.used = torch.nn.Linear(2, 1)
        self.unused = torch.nn.Linear(2, 1)

    def forward(self, x):
        return self.used(x)


try:
    x = torch.ones(4, 2)
    model = DistributedDataParallel(TwoHeads())
    model(x).sum().backward()
    try:
        model(x).sum().backward()
    except RuntimeError as error:
        print(f"RuntimeError: {error}")
        # claim: error-ddp-unused-parameters
        assert "Expected to have finished reduction" in str(error)
        # claim: error-ddp-unused-parameters
        assert "find_unused_parameters=True" in str(error)
    else:
        raise AssertionError("the second iteration should have raised")

    model = DistributedDataParallel(TwoHeads(), find_unused_parameters=True)
    for _ in range(2):
        model(x).sum().backward()
    print("find_unused_parameters=True: two iterations, no error")
    # claim: error-ddp-unused-parameters
    assert model.module.unused.weight.grad is None
finally:
    dist.destroy_process_group()
