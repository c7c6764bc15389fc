import contextlib

import torch
import torch.distributed as dist
from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import (
    allreduce_hook,
)
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)


class TwoHeads(torch.nn.Module):
    """A head the forward pass never uses: its parameters get no gradient."""

    def __init__(self):
        super().__init__()
        self.used = torch.nn.Linear(4, 1)
        self.unused = torch.nn.Linear(4, 1)

    def forward(self, x):
        return self.used(x)


def accumulate(model, steps=2, micro_batches=2):
    """Two optimizer steps' worth of micro-batches, no_sync() but the last."""
    for _ in range(steps):
        for i in range(micro_batches):
            last = i == micro_batches - 1
            sync = contextlib.nullcontext() if last else model.no_sync()
            with sync:
                model(torch.randn(2, 4)).sum().backward()


torch.manual_seed(0)
error = None
try:
    accumulate(DDP(TwoHeads()))
except RuntimeError as raised:
    error = str(raised)
    print("RuntimeError:", error.split(". ")[0] + ".")
    print(error.splitlines()[-2].strip())
# claim: ddp-unused-parameter-raises
assert error and "Expected to have finished reduction" in error
# claim: ddp-error-names-find-unused-parameters
assert "find_unused_parameters=True" in error
# claim: ddp-error-lists-unused-indices
assert "did not receive grad for rank 0: 2 3" in error

model = DDP(TwoHeads(), find_unused_parameters=True)
accumulate(model)
print(
    "find_unused_parameters=True: unused.weight.grad is",
    model.module.unused.weight.grad,
)
# claim: find-unused-parameters-fixes-it
assert model.module.unused.weight.grad is None

# static_graph=True: a no_sync() micro-batch before the first synced backward
# fails in torch 2.13 (pytorch/pytorch#143580)
error = None
try:
    accumulate(DDP(TwoHeads(), static_graph=True))
except RuntimeError as raised:
    error = str(raised)
    print("static_graph=True: RuntimeError:", error.split(" at ")[0])
# claim: static-graph-no-sync-first-fails
assert error and "expect_autograd_hooks_ INTERNAL ASSERT FAILED" in error


def counting_allreduce(calls, bucket):
    calls.append(1)
    # the default hook: average the bucket over the ranks
    return allreduce_hook(None, bucket)


# After one synced backward pass, the same loop runs; a communication
# hook counts the all-reduces of the two optimizer steps.
model = DDP(TwoHeads(), static_graph=True)
calls = []
model.register_comm_hook(calls, counting_allreduce)
model(torch.randn(2, 4)).sum().backward()
calls.clear()
accumulate(model, steps=2)
print(
    "static_graph=True, one synced backward first:", len(calls), "all-reduces"
)
# claim: static-graph-no-sync-after-synced-backward
assert len(calls) == 2

dist.destroy_process_group()
