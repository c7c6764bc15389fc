"""Simulated PyTorch changes: each must stop the build's runner on the example it names.

The cases are data, one module per chapter (tests/drift_cases/<chapter>.py). Each runs in
a forked child of the test process: the patch, then the snippet through the build's runner
as each language's page does (tests/sitebuild.py). A case (patch, snippet, claim id) must
fail at an assert that carries `# claim: <claim id>`, so the claims page can say which
claims a case covers (gradsite/claims.py reads the DRIFT dicts). See CONTRIBUTING.md
("Adding a drift case").
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from drift_cases.accumulation import CRASH_RANK_1, DDP_EXAMPLE, in_every_process
from sitebuild import (
    assert_claim_is_in,
    assert_failed_at_claim,
    assert_runner_fails,
    drift_ids,
    run_in_runner,
)

# One module per page whose claims have cases: the chapters, and the pages beside them
# (troubleshooting, errors). Every module of tests/drift_cases/ runs.
PAGES = sorted(
    p.stem for p in (Path(__file__).parent / "drift_cases").glob("*.py") if p.stem != "__init__"
)
DRIFT = {page: importlib.import_module(f"drift_cases.{page}").DRIFT for page in PAGES}
# The two-process DDP example takes about 15 s a run.
SLOW = {DDP_EXAMPLE}


def _cases():
    for chapter, cases in DRIFT.items():
        for (name, case), case_id in zip(cases.items(), drift_ids(cases)):
            # (patch, snippet, claim id): the case must fail at the assert that proves the claim
            # (`# claim: <id>` above it). (patch, snippet), the older form: anywhere in it.
            patch, example, claim = (*case, None)[:3]
            marks = [pytest.mark.slow] if example in SLOW else []
            yield pytest.param(patch, example, claim, id=f"{chapter}-{case_id}", marks=marks)


@pytest.mark.parametrize(("patch", "example", "claim"), list(_cases()))
def test_drift_fails_the_runner(patch, example, claim):
    assert_runner_fails(patch, example, claim)


def test_a_drift_case_must_fail_at_the_assert_of_its_claim(tmp_path):
    """A case naming a claim passes only when the failure is at an assert carrying it."""
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets/x.py").write_text(
        "x = 2\n# claim: two-is-even\nassert (\n    x % 2 == 0\n)\n# claim: two-is-small\nassert x < 3\n",
        encoding="utf-8",
    )
    assert_failed_at_claim("snippets/x.py", 3, "two-is-even", "log", root=tmp_path)
    assert_failed_at_claim("snippets/x.py", 4, "two-is-even", "log", root=tmp_path)
    with pytest.raises(AssertionError, match="failed at line 7, not at an assert carrying"):
        assert_failed_at_claim("snippets/x.py", 7, "two-is-even", "log", root=tmp_path)
    with pytest.raises(AssertionError, match="failed at line 1, not at an assert"):
        assert_failed_at_claim("snippets/x.py", 1, "two-is-small", "log", root=tmp_path)
    assert_claim_is_in("snippets/x.py", "two-is-small", root=tmp_path)
    with pytest.raises(AssertionError, match="no assert of snippets/x.py carries"):
        assert_claim_is_in("snippets/x.py", "two-is-odd", root=tmp_path)


@pytest.mark.parametrize("chapter", PAGES)
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
        assert "process 1 terminated with exit code 3" in log, log
        assert (
            "TimeoutError" not in log
        )  # reported as the crash it is, not as the example's own time-out


def test_a_drift_patch_for_every_process_leaves_no_temporary_folder():
    """in_every_process writes a sitecustomize.py in a temporary folder: it goes with its child."""
    import tempfile
    import textwrap
    from pathlib import Path

    from sitebuild import forked

    def child():
        namespace: dict = {}
        exec(textwrap.dedent(in_every_process("x = 1")), namespace)  # noqa: S102
        return namespace["_folder"], tempfile.gettempdir()

    folder, temp = forked(child)
    assert Path(folder).name.startswith("gradsite-drift-")
    assert not Path(folder).exists() and not Path(temp).exists(), (folder, temp)
