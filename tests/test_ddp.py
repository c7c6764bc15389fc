"""The real two-process DDP example never hangs: a dead worker is reported.

snippets/accumulation/ddp_no_sync.py starts its ranks as fresh Python
processes. This test runs it as a reader would and makes one rank crash
through a `sitecustomize.py` on PYTHONPATH (see test_drift_accumulation.py).
How long the example takes is measured by `make bench` (budget: 15 s), not here.
"""

from __future__ import annotations

import os
import subprocess
import sys

from sitebuild import ROOT
from test_drift_accumulation import CRASH_RANK_1, DDP_EXAMPLE


def test_crashed_worker_fails_with_a_message_not_a_hang(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(CRASH_RANK_1.replace("\n    ", "\n"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    # The timeout only keeps a broken example from stalling the suite.
    done = subprocess.run(
        [sys.executable, DDP_EXAMPLE], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env
    )
    assert done.returncode != 0
    # Reported as the crash it is, not as the example's own time-out expiring.
    assert "RuntimeError: DDP worker rank 1 exited with code 3; all ranks stopped" in done.stderr, done.stderr
    assert "TimeoutError" not in done.stderr
