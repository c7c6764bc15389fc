"""Simulated PyTorch changes: each must stop the build's runner on the example it names.

The cases are data, one module per chapter (tests/drift_cases/<chapter>.py). Each runs in
a forked child of the test process: the patch, then the snippet through the build's runner
as each language's page does (tests/sitebuild.py). A case (patch, snippet, claim id) must
fail at an assert that carries `# claim: <claim id>`, so the claims page can say which
claims a case covers (the build reads data/drift-claims.json, which tests/drift_claims.py
writes from the DRIFT and NO_DRIFT dicts; a test here fails until it is current). See CONTRIBUTING.md
("Adding a drift case").
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from drift_cases import IN_RECIPE
from drift_cases.accumulation import CRASH_RANK_1, DDP_EXAMPLE, TWO_PROCESS, in_every_process
from sitebuild import (
    assert_claim_is_in,
    assert_failed_at_claim,
    assert_failed_in_recipe,
    assert_runner_fails,
    drift_ids,
    ran_in_build,
    run_in_runner,
)

# One module per page whose claims have cases: the chapters, and the pages beside them
# (troubleshooting, errors). Every module of tests/drift_cases/ runs.
PAGES = sorted(
    p.stem for p in (Path(__file__).parent / "drift_cases").glob("*.py") if p.stem != "__init__"
)
DRIFT = {page: importlib.import_module(f"drift_cases.{page}").DRIFT for page in PAGES}
# The two-process examples (DDP, FSDP2, Join, token counts): each run starts two workers and a
# process group.
SLOW = TWO_PROCESS


def _cases():
    for chapter, cases in DRIFT.items():
        for (name, case), case_id in zip(cases.items(), drift_ids(cases)):
            # (patch, snippet, claim id): the case must fail at the assert that proves the claim
            # (`# claim: <id>` above it); with IN_RECIPE after it, at a line of the recipe.
            patch, example, claim, where = (*case, None)[:4]
            marks = [pytest.mark.slow] if example in SLOW else []
            yield pytest.param(
                patch, example, claim, where == IN_RECIPE, id=f"{chapter}-{case_id}", marks=marks
            )


@pytest.mark.parametrize(("patch", "example", "claim", "in_recipe"), list(_cases()))
def test_drift_fails_the_runner(patch, example, claim, in_recipe):
    assert_runner_fails(patch, example, claim, in_recipe=in_recipe)


def test_the_build_s_drift_claims_record_is_current():
    """The claims page reads data/drift-claims.json: it says what tests/drift_cases/ says."""
    import drift_claims

    assert drift_claims.load() == drift_claims.collect(drift_claims.modules()), (
        f"data/drift-claims.json is not what tests/drift_cases/ says: run `{drift_claims.COMMAND}`"
    )


def test_a_drift_claims_record_that_lags_the_cases_is_found(tmp_path):
    """The check above can fail: a case added since the record differs from it."""
    from types import SimpleNamespace

    import drift_claims

    drift_claims.record(tmp_path / "record.json")
    recorded = drift_claims.load(tmp_path / "record.json")
    found = drift_claims.modules()
    assert recorded == drift_claims.collect(found)
    added = {"a new case": ("import torch", "snippets/x.py", "a-new-claim")}
    found["zz"] = SimpleNamespace(DRIFT=added)
    assert recorded != drift_claims.collect(found)


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


def test_a_case_that_fails_in_the_recipe_must_fail_above_the_checks(tmp_path):
    """IN_RECIPE: the failure is at a line of the recipe, never in the checks or elsewhere."""
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets/x.py").write_text(
        "x = 2\nprint(x)\n\n# --- checks ---\n# claim: two-is-even\nassert x % 2 == 0\n",
        encoding="utf-8",
    )
    assert_failed_in_recipe("snippets/x.py", 2, "log", root=tmp_path)
    with pytest.raises(AssertionError, match="failed at line 6, in its checks"):
        assert_failed_in_recipe("snippets/x.py", 6, "log", root=tmp_path)
    (tmp_path / "snippets/y.py").write_text("x = 2\nprint(x)\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="has no checks line"):
        assert_failed_in_recipe("snippets/y.py", 2, "log", root=tmp_path)


@pytest.mark.parametrize("chapter", PAGES)
def test_examples_pass_without_drift(site, chapter):
    """Unpatched, the build's runner passes every example a case names: the failures above come
    from the patches. Read from the session's build, which ran each (tests/sitebuild.py,
    `ran_in_build`; a failing example fails that build and is not noted)."""
    passed = ran_in_build(site)
    missing = sorted({case[1] for case in DRIFT[chapter].values()} - set(passed))
    assert not missing, f"not run, or failed, in the build: {missing}"


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


def test_a_hung_child_is_killed_with_its_processes_at_the_timeout(tmp_path):
    """A child that hangs (a worker waiting for a peer that died) fails its test, and what it
    started goes with it, instead of the suite waiting for ever."""
    import subprocess
    import time

    from sitebuild import forked

    marker = tmp_path / "grandchild.pid"

    def hang():
        grandchild = subprocess.Popen(["sleep", "60"])
        marker.write_text(str(grandchild.pid))
        time.sleep(60)

    started = time.monotonic()
    with pytest.raises(TimeoutError, match="did not finish in 1 s"):
        forked(hang, timeout=1)
    assert time.monotonic() - started < 10
    grandchild = int(marker.read_text())
    time.sleep(0.2)  # the kill is asynchronous; reaped by init
    alive = Path(f"/proc/{grandchild}/stat")
    assert not alive.exists() or alive.read_text().split()[2] == "Z", "the grandchild survived"
