"""Examples are isolated: one that changes torch's process-wide state harms no other,
and an example's output does not depend on which examples ran before it.

Each scenario runs the real examples through the build's runner, in a forked
child of the test process (tests/sitebuild.py).
"""

from __future__ import annotations

import pytest
from gradsite import execute
from gradsite.project import ROOT

from sitebuild import forked

SNIPPETS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "snippets").rglob("*.py"))
CULPRIT = "snippets/retention/retain_grad.py"
SLOW = "snippets/accumulation/ddp_no_sync.py"
# Two lines that once made 47 other examples fail, each blamed, while the culprit passed.
CHANGES_GLOBAL_STATE = (
    "\ntorch.set_grad_enabled(False)\ntorch.set_default_dtype(torch.float64)\n"
    "torch.manual_seed(1234)\ntorch.use_deterministic_algorithms(True)\n"
)


def _run_all(order, culprit_first=True, isolated=True, stop_at_first_failure=False):
    """In a forked child: the culprit (edited), then `order`; {snippet: (failed, output or log)}."""

    def child():
        import logging

        from markdown_exec import ExecutionError

        records = []
        handler = logging.Handler()
        handler.emit = lambda record: records.append(record.getMessage())
        execute.log.addHandler(handler)
        build = execute.Context(root=ROOT, page="demo.zh.md", language="zh", isolate=isolated)
        runs = (
            [(CULPRIT, (ROOT / CULPRIT).read_text(encoding="utf-8") + CHANGES_GLOBAL_STATE)]
            if culprit_first
            else []
        )
        runs += [(s, (ROOT / s).read_text(encoding="utf-8")) for s in order]
        results = {}
        for snippet, code in runs:
            del records[:]
            try:
                results[snippet] = (False, execute.run_python(code, build, snippet=snippet))
            except ExecutionError:
                results[snippet] = (True, "\n".join(records))
                if stop_at_first_failure:
                    break
        return results

    return forked(child)


@pytest.mark.slow
def test_a_culprit_changing_global_state_harms_no_other_example_and_order_does_not_matter():
    # The DDP example is left out: its ranks are processes of their own, and its main process
    # does what the others do (tests/test_snippets.py and the builds run it, after other examples).
    others = [s for s in SNIPPETS if s not in (CULPRIT, SLOW)]
    forward = _run_all(others)
    failed = {s: log for s, (f, log) in forward.items() if f}
    assert not failed, failed
    # Reversed, without the culprit: every output is the same.
    reordered = others[::-1]
    backward = _run_all(reordered, culprit_first=False)
    differ = [s for s in reordered if forward[s] != backward[s]]
    assert not differ, f"outputs depend on the examples run before: {differ}"


@pytest.mark.slow
def test_without_isolation_the_culprit_would_break_others():
    """The scenario above can fail: with the runner's isolation switched off, another example fails."""
    results = _run_all(
        [s for s in SNIPPETS if s != CULPRIT], isolated=False, stop_at_first_failure=True
    )
    assert not results[CULPRIT][0]
    assert any(failed for failed, _ in results.values())
