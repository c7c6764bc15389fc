"""Simulated PyTorch changes: each must stop the build's runner on the example it names.

The cases are data, one module per chapter (tests/drift_cases/<chapter>.py). Each runs in
a forked child of the test process: the patch, then the snippet through the build's runner
as each language's page does (tests/sitebuild.py). See CONTRIBUTING.md ("Adding a drift case").
"""

from __future__ import annotations

import importlib

import pytest
from gradsite.project import CHAPTERS

from drift_cases.accumulation import CRASH_RANK_1, DDP_EXAMPLE, in_every_process
from sitebuild import assert_runner_fails, drift_ids, run_in_runner

DRIFT = {chapter: importlib.import_module(f"drift_cases.{chapter}").DRIFT for chapter in CHAPTERS}
# The two-process DDP example takes about 15 s a run.
SLOW = {DDP_EXAMPLE}


def _cases():
    for chapter, cases in DRIFT.items():
        for (name, (patch, example, *_)), case_id in zip(cases.items(), drift_ids(cases)):
            marks = [pytest.mark.slow] if example in SLOW else []
            yield pytest.param(patch, example, id=f"{chapter}-{case_id}", marks=marks)


@pytest.mark.parametrize(("patch", "example"), list(_cases()))
def test_drift_fails_the_runner(patch, example):
    assert_runner_fails(patch, example)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_examples_pass_without_drift(chapter):
    """Unpatched, the runner passes every example a case names: the failures above come from the patches."""
    # The DDP example is left out: the session build and tests/test_snippets.py run it unpatched.
    for example in sorted({case[1] for case in DRIFT[chapter].values()} - SLOW):
        [(failed, log)] = run_in_runner(example, languages=("zh",)).values()
        assert not failed, log


@pytest.mark.slow
def test_crashed_ddp_worker_fails_the_runner_with_a_message():
    """A worker that dies must stop the build with a clear message, not hang it."""
    # One language: what is proved is the example's own crash handling through the runner
    # (two DDP runs of about 15 s each would prove nothing more).
    for language, (failed, log) in run_in_runner(
        DDP_EXAMPLE, in_every_process(CRASH_RANK_1), ("zh",)
    ).items():
        assert failed and f"{DDP_EXAMPLE}:" in log and f"language {language}" in log, log
        assert "DDP worker rank 1 exited with code 3; all ranks stopped" in log, log
        assert (
            "TimeoutError" not in log
        )  # reported as the crash it is, not as the example's own time-out
