"""The real two-process DDP example: fast enough for every build, and never a hang.

snippets/accumulation/ddp_no_sync.py starts its ranks as fresh Python
processes. These tests run it as a reader would, and make one rank crash
through a `sitecustomize.py` on PYTHONPATH (see test_drift_accumulation.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from sitebuild import ROOT
from test_drift_accumulation import CRASH_RANK_1, DDP_EXAMPLE

BUDGET = 15  # seconds, on an otherwise idle 2-core machine


def run_example(env=None, timeout=120):
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, DDP_EXAMPLE], cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=env
    )
    return done, time.monotonic() - started


def test_ddp_example_finishes_within_budget():
    done, seconds = run_example()
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("all-reduce calls=2") == 2  # both ranks, no_sync
    # Other jobs on a shared machine slow it down: allow for the load they add.
    busy = max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))
    assert seconds < BUDGET * busy, f"{seconds:.1f} s (budget {BUDGET} s x load {busy:.1f})"


def test_crashed_worker_fails_with_a_message_not_a_hang(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(CRASH_RANK_1.replace("\n    ", "\n"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    done, seconds = run_example(env=env)
    assert done.returncode != 0
    assert "RuntimeError: DDP worker rank 1 exited with code 3; all ranks stopped" in done.stderr, done.stderr
    # Found when it happened, not after the example's 60 s limit.
    assert seconds < 45, f"took {seconds:.1f} s to notice the dead worker"
