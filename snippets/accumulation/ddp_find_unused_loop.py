import contextlib

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
net = torch.nn.Linear(4, 1)
net.aux_head = torch.nn.Linear(4, 1)  # a parameter forward() does not use
model = DDP(net, find_unused_parameters=True)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for i in range(4):
    with model.no_sync() if i < 3 else contextlib.nullcontext():
        (model(torch.randn(2, 4)).pow(2).mean() / 4).backward()
print("aux_head.weight.grad after 4 micro-batches:", net.aux_head.weight.grad)
optimizer.step()
dist.destroy_process_group()

# --- checks ---

from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402

# The gradients the recipe's loop left
# claim: find-unused-parameters-fixes-it
assert net.aux_head.weight.grad is None and net.weight.grad is not None


class AllReduces(TorchDispatchMode):
    """The tensors this process all-reduces, as DDP's reducer sends them."""

    def __init__(self):
        super().__init__()
        self.sent = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func.__name__.startswith("allreduce_"):
            self.sent.append(args[0][0].clone())
        return func(*args, **(kwargs or {}))


# The same loop again, its all-reduces recorded: the recipe destroyed its
# process group, so the checks make their own and wrap the module in a new DDP.
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = DDP(net, find_unused_parameters=True)
with AllReduces() as all_reduces:
    for i in range(4):
        with model.no_sync() if i < 3 else contextlib.nullcontext():
            (model(torch.randn(2, 4)).pow(2).mean() / 4).backward()
dist.destroy_process_group()
gradients, used = all_reduces.sent
# claim: find-unused-parameters-extra-all-reduce
assert gradients.numel() == 5 + 5 and not used.is_floating_point()
# one entry per parameter: 1 where this process used it, 0 where it did not
# claim: find-unused-parameters-extra-all-reduce
assert used.tolist() == [1, 1, 0, 0]
