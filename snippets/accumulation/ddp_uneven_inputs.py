import datetime
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.distributed.algorithms import Join
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils._python_dispatch import TorchDispatchMode

WORLD_SIZE, ROWS = 2, 2
GROUPS = (3, 2)  # rank 0 has 3 groups of 2 micro-batches, rank 1 has 2
DIVIDE = (True, False)  # Join's divide_by_initial_world_size
torch.manual_seed(0)
data = torch.randn(WORLD_SIZE, max(GROUPS), 2, ROWS, 4)
# What the workers report, per setting and rank: optimizer steps taken, the
# final weight, and rank 0's last gradient over the one it computed itself
steps = torch.zeros(len(DIVIDE), WORLD_SIZE, dtype=torch.int64).share_memory_()
weights = torch.zeros(len(DIVIDE), WORLD_SIZE, 4).share_memory_()
last_weight = torch.zeros(len(DIVIDE), 4).share_memory_()
ratio = torch.zeros(len(DIVIDE)).share_memory_()
# rank 0's all-reduces inside Join: those of its gradients, and all of them
all_reduces = torch.zeros(2, dtype=torch.int64).share_memory_()


class AllReduces(TorchDispatchMode):
    """The sizes of the tensors this process all-reduces."""

    def __init__(self):
        super().__init__()
        self.sizes = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func.__name__.startswith("allreduce_"):
            self.sizes.append(args[0][0].numel())
        return func(*args, **(kwargs or {}))


def local_gradient(weight, group):
    """This process's own gradient of the group, before any all-reduce."""
    weight = weight.detach().requires_grad_()
    sum((x @ weight.T).pow(2).mean() / 2 for x in group).backward()
    return weight.grad


def factor(a, b):
    """The number f that makes a closest to f * b."""
    return (a * b).sum() / b.square().sum()


def train(rank, divide):
    torch.manual_seed(0)
    model = DDP(torch.nn.Linear(4, 1, bias=False))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    counter = AllReduces()
    with counter, Join([model], divide_by_initial_world_size=divide):
        for step, (first, last) in enumerate(data[rank, : GROUPS[rank]]):
            own = local_gradient(model.module.weight, (first, last))
            with model.no_sync():
                (model(first).pow(2).mean() / 2).backward()
            (model(last).pow(2).mean() / 2).backward()
            if rank == 0 and step == GROUPS[0] - 1:  # rank 1 has joined
                shared = model.module.weight.grad  # after the all-reduce
                ratio[DIVIDE.index(divide)] = factor(shared, own)
            optimizer.step()
            optimizer.zero_grad()
        if rank == 0:  # the last to finish, before Join ends
            last_weight[DIVIDE.index(divide)] = model.module.weight.detach()[0]
    steps[DIVIDE.index(divide), rank] = step + 1
    if rank == 0 and divide:
        gradients = counter.sizes.count(4)  # the weight's 4 values
        all_reduces[:] = torch.tensor([gradients, len(counter.sizes)])
    weights[DIVIDE.index(divide), rank] = model.module.weight.detach()[0]


def worker(rank, port):
    torch.set_num_threads(1)
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{port}",
        rank=rank,
        world_size=WORLD_SIZE,
        timeout=datetime.timedelta(seconds=60),
    )
    for divide in DIVIDE:
        train(rank, divide)
    dist.destroy_process_group()


with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
mp.start_processes(worker, args=(port,), nprocs=WORLD_SIZE, start_method="fork")

gradient_all_reduces, every_all_reduce = all_reduces.tolist()
print(
    f"rank 0, inside Join: {every_all_reduce} all-reduces for"
    f" {2 * GROUPS[0]} forward passes, {gradient_all_reduces} of them gradients"
)
for d, divide in enumerate(DIVIDE):
    print(f"divide_by_initial_world_size={divide}:")
    print("  optimizer steps per rank:", steps[d].tolist())
    same = torch.equal(weights[d, 0], weights[d, 1])
    print("  both ranks end with the same weights:", same)
    print(f"  rank 0's last gradient / its own: {ratio[d]:.2f}")

# --- checks ---

# claim: join-uneven-ranks-finish
assert steps.tolist() == [[3, 2], [3, 2]]
# rank 0 trained one group more; rank 1 ends with rank 0's weights
# claim: join-syncs-final-weights
assert torch.equal(weights[0, 1], last_weight[0])
# claim: join-syncs-final-weights
assert torch.equal(weights[1, 1], last_weight[1])
# claim: join-divides-by-initial-world-size
assert abs(ratio[0] - 0.5) < 1e-5
# claim: join-divides-by-initial-world-size
assert abs(ratio[1] - 1.0) < 1e-5
# claim: join-all-reduces-every-forward
assert gradient_all_reduces == GROUPS[0]
# claim: join-all-reduces-every-forward
assert every_all_reduce - gradient_all_reduces > 2 * GROUPS[0]
