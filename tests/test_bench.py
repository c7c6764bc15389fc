"""`make bench` times what README promises: its figure 10 is `make test-fast` as the Makefile
runs it (benchmarks/bench.py; the timings themselves are never taken in a test)."""

from __future__ import annotations

import importlib.util
import re
import shlex

from gradsite.project import ROOT


def _bench():
    spec = importlib.util.spec_from_file_location("bench", ROOT / "benchmarks/bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_figure_10_times_make_test_fast_against_under_a_minute():
    bench = _bench()
    recipe = re.search(
        r"^test-fast:.*\n\t(.+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M
    )[1]
    assert bench.fast_suite_command("python") == shlex.split(
        recipe.replace("$(BIN)/python", "python").replace("$(ARGS)", "")
    )
    assert bench.fast_suite_command("python")[:3] == ["python", "-m", "pytest"]
    assert "not slow" in " ".join(bench.fast_suite_command("python"))
    assert bench.BUDGET_TEST_FAST == 60.0  # README: "under a minute"
    assert "under a minute" in (ROOT / "README.md").read_text(encoding="utf-8")
    source = (ROOT / "benchmarks/bench.py").read_text(encoding="utf-8")
    assert "| 10 | `make test-fast`" in source and 'f["test_fast"] <= BUDGET_TEST_FAST' in source
