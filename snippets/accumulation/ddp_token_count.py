import contextlib
import datetime
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

WORLD_SIZE = 2
RULES = ("loss * 2 / all tokens", "loss / own tokens", "loss / all tokens")
torch.manual_seed(0)
inputs = torch.randn(WORLD_SIZE, 2, 4, 8)  # rank, micro-batch, token, feature
labels = torch.randint(0, 5, (WORLD_SIZE, 2, 4))
labels[0, 1, 3:] = -100  # rank 0: 7 valid tokens
labels[1, 0, 1:] = labels[1, 1, 2:] = -100  # rank 1: 3 valid tokens
# What the workers report: rank 0's gradient under each rule
grads = torch.zeros(len(RULES), 5, 8).share_memory_()


def train(rank, rule):
    torch.manual_seed(0)
    model = DDP(torch.nn.Linear(8, 5))
    tokens = (labels[rank] != -100).sum()
    if rule != "loss / own tokens":
        dist.all_reduce(tokens)  # the tokens of every process
    scale = WORLD_SIZE if rule == "loss * 2 / all tokens" else 1
    for i in range(2):
        with model.no_sync() if i == 0 else contextlib.nullcontext():
            out = model(inputs[rank, i])
            loss = F.cross_entropy(out, labels[rank, i], reduction="sum")
            (loss * scale / tokens).backward()
    return model.module.weight.grad


def worker(rank, port):
    torch.set_num_threads(1)
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{port}",
        rank=rank,
        world_size=WORLD_SIZE,
        timeout=datetime.timedelta(seconds=60),
    )
    for r, rule in enumerate(RULES):
        grad = train(rank, rule)
        if rank == 0:
            grads[r] = grad
    dist.destroy_process_group()


with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
mp.start_processes(worker, args=(port,), nprocs=WORLD_SIZE, start_method="fork")

# The reference: one process, every valid token of both ranks, one mean
torch.manual_seed(0)
reference = torch.nn.Linear(8, 5)
F.cross_entropy(reference(inputs.reshape(-1, 8)), labels.reshape(-1)).backward()
full = reference.weight.grad
print("valid tokens per rank:", (labels != -100).sum(dim=(1, 2)).tolist())
differences = {}
for r, rule in enumerate(RULES):
    differences[rule] = (grads[r] - full).abs().max().item()
    same = differences[rule] < 1e-6
    print(f"{rule + ':':<23} one process's gradient: {same}")
half = (grads[2] * WORLD_SIZE - full).abs().max().item()
print("  the last one, times 2:", half < 1e-6)

# --- checks ---

# claim: token-count-all-reduce-matches token-count-times-world-size
assert differences["loss * 2 / all tokens"] < 1e-6
# claim: token-count-local-is-wrong
assert differences["loss / own tokens"] > 1e-3
# claim: token-count-ddp-averages
assert differences["loss / all tokens"] > 1e-3 and half < 1e-6
