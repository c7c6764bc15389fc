"""Examples are isolated: one that changes torch's process-wide state harms no other,
and an example's output does not depend on which examples ran before it.

Each scenario runs the real examples through the build's runner, in a forked child of the
test process (tests/sitebuild.py).
"""

from __future__ import annotations

import hashlib

import pytest
from gradsite import matrix
from gradsite.project import ROOT

from sitebuild import (
    AFTER_A_CULPRIT,
    CULPRIT,
    LEFT_OUT,
    after_a_culprit,
    build_order,
    run_all_in_runner,
)

SNIPPETS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "snippets").rglob("*.py"))
PINNED_ROW = matrix.load()["releases"].get(matrix.PINNED, {"examples": {}})


@pytest.mark.slow
@pytest.mark.xdist_group(AFTER_A_CULPRIT)
def test_a_culprit_changing_global_state_harms_no_other_example_and_order_does_not_matter():
    """The culprit, then every other example in the reverse of the build's order, in one
    process: each passes and prints exactly what the pinned row of data/matrix.json recorded,
    where the matrix ran it alone in a fresh process (the build runs them in page order)."""
    results = after_a_culprit()
    others = [s for s in SNIPPETS if s not in (CULPRIT, LEFT_OUT)]
    assert sorted(results) == sorted([CULPRIT, *others]), "every example ran"
    failed = {s: log for s, (f, log) in results.items() if f}
    assert not failed, failed
    differ = [
        s
        for s in others
        if hashlib.sha256(results[s][1].encode()).hexdigest()[:16]
        != PINNED_ROW["examples"][s]["output"]
    ]
    assert not differ, (
        f"outputs depend on the examples run before (or on the culprit): {differ}; "
        "tests/test_snippets.py says whether each alone still prints its pinned row"
    )


def test_the_order_is_the_build_s_and_covers_every_example():
    """The scenario above runs the examples in the reverse of the order the build runs them."""
    order = build_order()
    assert sorted(order) == SNIPPETS and order[0].startswith("snippets/retention/"), order[:3]


@pytest.mark.slow
def test_without_isolation_the_culprit_would_break_others():
    """The scenario above can fail: with the runner's isolation switched off, another example fails."""
    results = run_all_in_runner(
        [s for s in SNIPPETS if s != CULPRIT], isolated=False, stop_at_first_failure=True
    )
    assert not results[CULPRIT][0]
    assert any(failed for failed, _ in results.values())
