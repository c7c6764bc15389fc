"""Examples are isolated: one that changes torch's process-wide state harms no other,
and an example's output does not depend on which examples ran before it.

The session's `site` build is that scenario (tests/conftest.py, tests/sitebuild.py
`culprit_first`): in its process, before MkDocs starts, a culprit runs through the build's
runner; then the build runs every example, in page order, in that same process. Each output is
compared with the pinned row of data/matrix.json, where the matrix ran the example alone, in a
fresh process. No example runs again for this.
"""

from __future__ import annotations

import pytest
from gradsite import matrix
from gradsite.project import ROOT

from sitebuild import CULPRIT, ran_in_build, run_all_in_runner

SNIPPETS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "snippets").rglob("*.py"))
PINNED_ROW = matrix.load()["releases"].get(matrix.PINNED, {"examples": {}})


def test_a_culprit_changing_global_state_harms_no_other_example_and_order_does_not_matter(site):
    """After the culprit, in one process, in page order, every example passes (the build did)
    and prints exactly what it prints alone in a fresh process (the pinned row)."""
    ran = ran_in_build(site)
    assert sorted(ran) == SNIPPETS, "every example ran in the build, after the culprit"
    differ = [s for s in SNIPPETS if ran[s] != PINNED_ROW["examples"][s]["output"]]
    assert not differ, (
        f"outputs depend on the examples run before (or on the culprit): {differ}; "
        "tests/test_snippets.py says whether each alone still prints its pinned row"
    )


# An example of this test's own, run after the culprit: it needs what the culprit turns off.
VICTIM = (
    "snippets/demo/victim.py",
    "import torch\n\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\n"
    "print(y.requires_grad, torch.get_default_dtype())\nassert y.requires_grad\n",
)


@pytest.mark.slow
def test_without_isolation_the_culprit_would_break_others():
    """The scenario above can fail: with the runner's isolation switched off, an example run
    after the culprit fails (this test's own: the site's examples run in the build)."""
    leaked = run_all_in_runner([VICTIM], isolated=False)
    assert not leaked[CULPRIT][0]
    assert leaked[VICTIM[0]][0], leaked[VICTIM[0]][1]
    isolated = run_all_in_runner([VICTIM])
    assert isolated[VICTIM[0]] == (False, "True torch.float32\n"), isolated
