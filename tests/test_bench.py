"""`make bench` times what README promises: its figure 10 is `make test-fast` as the Makefile
runs it, its figure 11 `make test`, with each example's runs counted (benchmarks/bench.py;
the timings themselves are never taken in a test)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
import time

import pytest
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


def test_figure_9_times_make_build_as_the_makefile_runs_it():
    """The command the Makefile runs: when one changed alone, figure 9 timed a module that
    built nothing (1.5 s)."""
    recipe = re.search(r"^build:.*\n\t(.+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert _bench().build_command("python", "site") == shlex.split(
        recipe[1].replace("$(BIN)/python", "python")
    )


def test_figure_11_times_make_test_as_the_makefile_runs_it():
    bench = _bench()
    recipe = re.search(r"^test:.*\n\t(.+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert bench.suite_command("python") == shlex.split(
        recipe[1].replace("$(BIN)/python", "python")
    )
    assert bench.pytest_seconds("=== 1064 passed, 2 skipped in 171.20s (0:02:51) ===\n") == 171.2
    assert bench.pytest_seconds("=== 3 failed in 9.01s ===") == 9.01
    assert bench.pytest_seconds("no closing line") is None
    assert bench.BUDGET_SUITE == 180.0 and bench.BUDGET_SUITE_BUILDS == 5.0  # issue 34


# An example with a recipe and checks; no torch, so that the process counting it starts fast.
EXAMPLE = """import math

value = math.sqrt(16)
print(f"value = {value}")

# --- checks ---

# claim: four-is-the-root
assert value == 4
"""


def _counted(tmp_path, name: str, example: str, script: str, *args: str):
    """`python -c script example-file *args` under the run counter (benchmarks/count_runs), the
    example `example` known as `name`, its file and its recipe: (runs.txt's counts, its path)."""
    bench = _bench()
    counter = bench._counter()
    recipe = example.split("# --- checks ---")[0]
    examples = {counter.key(recipe): [name, "recipe"], counter.key(example): [name, "file"]}
    (tmp_path / "examples.json").write_text(json.dumps(examples))
    (tmp_path / "example.py").write_text(example, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(bench.COUNTER), "GRADSITE_COUNT_RUNS": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "example.py"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return bench.count_runs(tmp_path / "runs.txt", examples), tmp_path / "runs.txt"


def test_figure_11_counts_every_run_of_an_example_in_every_process(tmp_path):
    """The audit hook counts each run of an example in a process of its own: the file run alone
    (runpy), the code a page runs (`# claim:` lines and blank lines aside), tests/test_snippets.py's
    program (its checks line a print of a marker), the recipe alone (a notebook's cell), and,
    after a drift case's patch, a run against the changed torch; other code, and an example read by
    `ast.parse` or compiled and never run, is not counted."""
    from test_snippets import as_program

    bench = _bench()
    name = "snippets/retention/counted.py"
    recipe = EXAMPLE.split("# --- checks ---")[0]
    page_code = "\n\n".join(line for line in EXAMPLE.splitlines() if "# claim:" not in line)
    script = (
        "import runpy, sys\n"
        "runpy.run_path(sys.argv[1], run_name='__main__')\n"
        "exec(compile(sys.argv[2], 'page', 'exec'), {'__name__': '__main__'})\n"
        "exec(compile(sys.argv[3], 'test_snippets', 'exec'), {'__name__': '__main__'})\n"
        "exec(compile(sys.argv[4], 'cell', 'exec'), {'__name__': '__main__'})\n"
        "exec(compile('import os\\nprint(os.sep)  # not an example', 'other', 'exec'), {})\n"
        "import ast; ast.parse(sys.argv[2])  # an example read, not run: not counted\n"
        "compile(sys.argv[2], 'alone', 'exec')  # compiled, never run: not counted\n"
        "compile(sys.argv[4], 'parsed', 'exec', ast.PyCF_ONLY_AST)  # as IPython parses a cell\n"
        "exec(compile('x = 1', '<drift patch>', 'exec'), {})\n"
        "exec(compile(sys.argv[2], 'page', 'exec'), {'__name__': '__main__'})\n"
    )
    counts, runs = _counted(tmp_path, name, EXAMPLE, script, page_code, as_program(EXAMPLE), recipe)
    assert counts["file"] == {name: 3} and counts["recipe"] == {name: 1}, counts
    assert counts["file-drift"] == {name: 1} and counts["recipe-drift"] == {name: 0}, counts
    sources = bench.count_sources(runs)
    # Where each run came from: runpy, and the exec()s of this `python -c` script, which
    # inherits the test pytest is running (PYTEST_CURRENT_TEST).
    here = "<-tests/test_bench.py"
    assert sources["file"] == {f"<frozen_runpy>{here}": 1, f"<string>{here}": 2}, sources
    assert sources["recipe"] == {f"<string>{here}": 1}, sources
    rows, budgets = bench.suite_figures(
        {"seconds": 150.0, "wall": 160.0, "cpu": 290.0, "runs": counts, "browser": True}
        | {"sources": sources, "machine": 310.4},
        50.0,
    )
    assert "290 s CPU of the processes it waited for, 310 core-seconds of the whole" in rows[0]
    assert "| 11f |" in rows[6], rows
    assert (
        f"file: `<string>{here}` 2, `<frozen_runpy>{here}` 1; recipe: `<string>{here}` 1" in rows[6]
    )
    assert "| 11a | figure 11 / figure 9" in rows[1] and "3.00 builds" in rows[1]
    assert "| 4×: 1 |" in rows[2] and "| 3×: 1 |" in rows[3] and "1 in all" in rows[5], rows
    assert budgets[0][1] and not budgets[1][1] and f"{name} 4×" in budgets[1][0], budgets


# An example whose checks run its recipe again (as snippets/accumulation/complete_loop.py's do).
NESTED = """import math

x = [math.pi, math.e]
print(sum(x) > 5)
# --- checks ---
with open(__file__, encoding="utf-8") as source:
    RECIPE = source.read().split("# --- checks ---")[0]
exec(compile(RECIPE, "again", "exec"), {"__name__": "__main__"})
"""


def test_code_an_example_runs_while_it_runs_is_part_of_that_run(tmp_path):
    """The recipe an example's own checks run again is not another run; the same recipe run on
    its own afterwards (a notebook's cell) is."""
    script = (
        "import runpy, sys\n"
        "runpy.run_path(sys.argv[1], run_name='__main__')\n"
        "exec(compile(sys.argv[2], 'cell', 'exec'), {'__name__': '__main__'})\n"
    )
    name = "snippets/accumulation/nested.py"
    counts, _ = _counted(tmp_path, name, NESTED, script, NESTED.split("# --- checks ---")[0])
    assert counts["file"] == {name: 1} and counts["recipe"] == {name: 1}, counts


def test_the_machine_s_busy_seconds_grow_with_work():
    """Figure 11's whole-machine core-seconds (/proc/stat) see the CPU time spent here."""
    bench = _bench()
    before = bench.machine_busy()
    if before is None:
        pytest.skip("no /proc/stat: figure 11 leaves the whole machine's core-seconds out")
    until = time.process_time() + 0.3
    while time.process_time() < until:
        pass
    assert bench.machine_busy() - before >= 0.25


def test_loading_the_counter_for_its_key_adds_no_hook(tmp_path):
    """bench.py loads the counter for `key`, in make bench's process and in the test worker
    that runs this module, which the run's GRADSITE_COUNT_RUNS reaches: that adds no audit hook,
    which would count every later run of an example in that worker twice."""
    bench = _bench()
    examples = {bench._counter().key(EXAMPLE): ["snippets/retention/counted.py", "file"]}
    (tmp_path / "examples.json").write_text(json.dumps(examples))
    script = (
        "import importlib.util, sys\n"
        "spec = importlib.util.spec_from_file_location('bench', sys.argv[1])\n"
        "bench = importlib.util.module_from_spec(spec); spec.loader.exec_module(bench)\n"
        "bench._counter()\n"
        "exec(compile(sys.argv[2], 'page', 'exec'), {'__name__': '__main__'})\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", script, str(ROOT / "benchmarks/bench.py"), EXAMPLE],
        env={**env, "GRADSITE_COUNT_RUNS": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "runs.txt").exists(), (tmp_path / "runs.txt").read_text()


def test_the_build_figures_read_only_what_the_runner_s_context_has():
    """Figures 1 to 6 build the project in a fresh process and read the build's runner
    Context (bench.BUILD): every attribute read there must exist, or `make bench` fails after
    the whole build (Context.examples, removed in 70143ff, broke it until the figures read
    `results`, the outputs this build served, run or kept)."""
    from gradsite.runner import Context

    read = set(re.findall(r"\brunner\.(\w+)", _bench().BUILD))
    assert read >= {"executions", "results"}
    assert not {name for name in read if not hasattr(Context(), name)}, read
