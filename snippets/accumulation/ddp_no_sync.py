import datetime
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

import torch
import torch.distributed as dist
from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import (
    allreduce_hook,
)
from torch.nn.parallel import DistributedDataParallel as DDP

WORLD_SIZE = 2
MICRO_BATCHES = 2  # per rank, per optimizer step
STEPS = 2  # effective batches
TIMEOUT = 60  # seconds: a dead or stuck rank must not hang the caller
MODES = ("no_sync", "no no_sync", "forward outside no_sync")
ROWS = 16  # the global batch of one optimizer step
MICRO_BATCH = (
    ROWS // WORLD_SIZE // MICRO_BATCHES
)  # rows in one forward of one rank


def global_batch(step):
    """The same 16 rows on every rank; each rank takes its own half."""
    g = torch.Generator().manual_seed(step)
    x = torch.randn(ROWS, 3, generator=g, dtype=torch.float64)
    return x, x.sum(dim=1, keepdim=True) + 0.1 * torch.randn(
        ROWS, 1, generator=g, dtype=torch.float64
    )


def new_model():
    torch.manual_seed(0)
    return torch.nn.Linear(3, 1, dtype=torch.float64)


def train(mode, rank):
    """One rank's training loop; returns its last gradient and its all-reduce
    count."""
    ddp = DDP(new_model())
    calls = {"allreduce": 0}

    def counting_allreduce(state, bucket):
        state["allreduce"] += 1
        return allreduce_hook(None, bucket)  # the default: average over ranks

    ddp.register_comm_hook(calls, counting_allreduce)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1)
    for step in range(STEPS):
        x, y = (t.chunk(WORLD_SIZE)[rank] for t in global_batch(step))
        for i, (xb, yb) in enumerate(
            zip(x.split(MICRO_BATCH), y.split(MICRO_BATCH))
        ):
            skip_sync = mode != "no no_sync" and i < MICRO_BATCHES - 1
            context = ddp.no_sync() if skip_sync else nullcontext()
            if mode == "forward outside no_sync":
                loss = torch.nn.functional.mse_loss(ddp(xb), yb) / MICRO_BATCHES
                with context:
                    loss.backward()
            else:
                with context:  # forward and backward both inside
                    loss = (
                        torch.nn.functional.mse_loss(ddp(xb), yb)
                        / MICRO_BATCHES
                    )
                    loss.backward()
        grad = ddp.module.weight.grad.flatten().tolist()
        optimizer.step()
        optimizer.zero_grad()
    return {"grad": grad, "allreduce": calls["allreduce"]}


def worker(rank, port, out_dir):
    torch.set_num_threads(1)  # two ranks share a small machine
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{port}",
        rank=rank,
        world_size=WORLD_SIZE,
        timeout=datetime.timedelta(seconds=TIMEOUT),
    )
    results = {mode: train(mode, rank) for mode in MODES}
    dist.destroy_process_group()
    Path(out_dir, f"rank{rank}.json").write_text(json.dumps(results))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch():
    """Start both ranks as fresh Python processes; stop all of them if one
    fails."""
    port = free_port()
    with tempfile.TemporaryDirectory() as out_dir:
        logs = [Path(out_dir, f"rank{r}.log") for r in range(WORLD_SIZE)]
        procs = []
        for rank, log in enumerate(logs):
            with open(log, "w") as output:  # the child keeps its own handle
                command = [
                    sys.executable,
                    __file__,
                    "--rank",
                    str(rank),
                    str(port),
                    out_dir,
                ]
                procs.append(
                    subprocess.Popen(
                        command, stdout=output, stderr=subprocess.STDOUT
                    )
                )
        deadline = time.monotonic() + TIMEOUT
        try:
            # poll() is None while running, 0 on success: stop at the first
            # failure.
            while any(p.poll() is None for p in procs) and not any(
                p.poll() for p in procs
            ):
                if time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            failed = [rank for rank, p in enumerate(procs) if p.poll()]
        finally:
            for p in procs:
                if p.poll() is None:
                    # a rank left waiting for a dead peer would wait forever
                    p.kill()
                p.wait()
        if failed:
            rank = failed[0]
            last = (
                logs[rank].read_text().strip().splitlines() or ["(no output)"]
            )[-1]
            code = procs[rank].returncode
            raise RuntimeError(
                f"DDP worker rank {rank} exited with code {code};"
                f" all ranks stopped. Last output: {last}"
            )
        if any(p.returncode != 0 for p in procs):
            raise TimeoutError(
                f"DDP workers did not finish within {TIMEOUT} s;"
                " all ranks stopped"
            )
        return [
            json.loads(Path(out_dir, f"rank{r}.json").read_text())
            for r in range(WORLD_SIZE)
        ]


def single_process_grad():
    """The reference: the same steps on the whole 16-row batch, no DDP, no
    accumulation."""
    model = new_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(STEPS):
        x, y = global_batch(step)
        torch.nn.functional.mse_loss(model(x), y).backward()
        grad = model.weight.grad.flatten().tolist()
        optimizer.step()
        optimizer.zero_grad()
    return grad


if __name__ == "__main__":
    if sys.argv[1:2] == ["--rank"]:
        worker(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
        # The results are on disk: skip Python's shutdown, in which a gloo
        # worker of torch 2.13 now and then aborts (SIGABRT) after all its work
        # is done.
        os._exit(0)

    effective = MICRO_BATCH * MICRO_BATCHES * WORLD_SIZE
    print(
        f"effective batch: {MICRO_BATCH} rows x {MICRO_BATCHES} micro-batches"
        f" x {WORLD_SIZE} ranks = {effective}"
    )
    assert (
        effective == ROWS
    )  # and the gradients below equal those of one 16-row batch
    ranks = launch()
    reference = single_process_grad()
    print(
        f"single process, full batch:  grad={[round(g, 6) for g in reference]}"
    )
    for mode in MODES:
        print(
            f"--- {mode}, {STEPS} effective batches of {MICRO_BATCHES}"
            " micro-batches per rank"
        )
        for rank, result in enumerate(ranks):
            r = result[mode]
            print(
                f"rank {rank}: grad={[round(g, 6) for g in r['grad']]}"
                f"  all-reduce calls={r['allreduce']}"
            )
        grads = [result[mode]["grad"] for result in ranks]
        assert (
            grads[0] == grads[1]
        )  # both ranks hold the same averaged gradient
        assert max(abs(a - b) for a, b in zip(grads[0], reference)) < 1e-12
        calls = [result[mode]["allreduce"] for result in ranks]
        expected = STEPS if mode == "no_sync" else STEPS * MICRO_BATCHES
        assert calls == [expected] * WORLD_SIZE, calls
