import contextlib

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

# One process for the example; under torchrun, init_process_group("gloo")
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)


class TwoHeads(torch.nn.Module):
    """A head the forward pass never uses: its parameters get no gradient."""

    def __init__(self):
        super().__init__()
        self.used = torch.nn.Linear(4, 1)
        self.unused = torch.nn.Linear(4, 1)

    def forward(self, x):
        return self.used(x)


def train(model, steps=2, micro_batches=2):
    """Accumulate micro_batches per step, all but the last inside no_sync()."""
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(steps):
        optimizer.zero_grad(set_to_none=True)
        for i in range(micro_batches):
            last = i == micro_batches - 1
            with contextlib.nullcontext() if last else model.no_sync():
                model(torch.randn(2, 4)).sum().backward()
        optimizer.step()


torch.manual_seed(0)
try:
    train(DDP(TwoHeads()))
except RuntimeError as error:
    message = str(error)
    print("RuntimeError:", message.split(". ")[0] + ".")
    print(message.splitlines()[-2].strip())

# static_graph=True: a no_sync() micro-batch before the first synced backward
# fails in torch 2.13 (pytorch/pytorch#143580)
try:
    train(DDP(TwoHeads(), static_graph=True))
except RuntimeError as error:
    static_message = str(error)
    print("static_graph=True: RuntimeError:", static_message.split(" at ")[0])

# One synced backward pass first; train() clears its gradient before the
# first step.
model = DDP(TwoHeads(), static_graph=True)
model(torch.randn(2, 4)).sum().backward()
train(model)
print("static_graph=True, one synced backward first: no error")
dist.destroy_process_group()

# --- checks ---

from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import (  # noqa: E402
    allreduce_hook,
)

# claim: ddp-unused-parameter-raises
assert "Expected to have finished reduction" in message
# claim: ddp-error-names-find-unused-parameters
assert "find_unused_parameters=True" in message
# claim: ddp-error-lists-unused-indices
assert "did not receive grad for rank 0: 2 3" in message
# claim: static-graph-no-sync-first-fails
assert "expect_autograd_hooks_ INTERNAL ASSERT FAILED" in static_message


def counting_allreduce(calls, bucket):
    calls.append(1)
    # the default hook: average the bucket over the ranks
    return allreduce_hook(None, bucket)


dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
# Which call raises: a synced backward pass ends without an error, and the
# next forward pass raises.
model, x = DDP(TwoHeads()), torch.randn(2, 4)
stage = "synced backward"
try:
    model(x).sum().backward()
    stage = "next forward"
    model(x)
    stage = "no error"
except RuntimeError as caught:
    raised = caught
# claim: ddp-unused-parameter-raises
assert stage == "next forward" and "finished reduction" in str(raised)

# The same warm-up and loop, the all-reduces counted by a communication hook.
model = DDP(TwoHeads(), static_graph=True)
calls = []
model.register_comm_hook(calls, counting_allreduce)
model(torch.randn(2, 4)).sum().backward()
calls.clear()
train(model)
# claim: static-graph-no-sync-after-synced-backward
assert len(calls) == 2
dist.destroy_process_group()
