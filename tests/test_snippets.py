"""Every example runs on its own, as a reader who copies it would run it.

Each runs as `python <file>.py` would in its own folder (`__main__`, its own
`__file__` and argv, Python's default warning filters, output at the file
descriptors so the processes it starts are heard too), in a fork of the test
process (the interpreter start and `import torch` are paid once), through the one
way the project runs an example as a program: the matrix worker's `run`
(gradsite/matrix_worker.py), with the build's limits (time, output, leaks).

One run of each example (kept per worker, its tests in one xdist group) serves three tests.
It runs the file with one change: its `# --- checks ---` line, a comment, gets a print of a
marker line (`MARKER`) in front of it, on the same line (same line numbers). Python runs a file
top to bottom, so what the program printed before the marker is what its recipe alone prints,
and what it printed after is what its checks print (tests/test_recipes.py checks the recipe also
compiles alone):

* it exits 0, writes nothing to stderr and prints something;
* it prints exactly what the pinned torch's row of data/matrix.json recorded (the output's
  hash, the marker left out);
* its recipe alone prints exactly that too, what the page shows, and the checks print nothing.

It stands for the chapters' examples zips, which hold these files byte for byte,
flat in one folder per chapter (tests/test_downloads.py): a file that runs here,
from its own folder, runs unzipped.
"""

from __future__ import annotations

import functools
import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from gradsite import matrix
from gradsite.matrix import worker as matrix_worker
from gradsite.project import CHECKS_LINE, ROOT, snippets, split_example

import cpu_check
from markdown_docs import expand_includes

SNIPPETS = [ROOT / name for name in snippets()]
DDP_EXAMPLE = ROOT / "snippets/accumulation/ddp_no_sync.py"  # two processes, about 15 s a run
PINNED_ROW = matrix.load()["releases"].get(matrix.PINNED, {"provenance": {}, "examples": {}})


def test_there_are_examples():
    assert len(SNIPPETS) >= 10


# The line the checks line becomes in the run below: printed between the recipe's output and
# the checks' (which must print nothing).
MARKER = "--- gradsite tests: the checks start here ---"


def as_program(code: str) -> str:
    """The example's file with a print of MARKER put before its checks line (a comment), on the
    same line: the line numbers stay, and so does the line, for a check that reads its own file
    (snippets/accumulation/complete_loop.py runs its recipe's code again)."""
    lines = code.splitlines(keepends=True)
    at = [i for i, line in enumerate(lines) if line.rstrip() == CHECKS_LINE]
    for i in at[:1]:
        lines[i] = f"print({MARKER!r}, flush=True)  {lines[i]}"
    return "".join(lines)


def run_example(name: str, code: str) -> dict:
    """`code` (an example's file) run as a program through the matrix worker, from the folder
    `name` is in, in a copy of it: the worker's result, plus the output split at the marker
    ("recipe", "checks") and the hash of the file's own output ("file_output", the matrix's)."""
    folder = Path(tempfile.mkdtemp(prefix="gradsite-example-"))
    try:
        copy = folder / name
        copy.parent.mkdir(parents=True)
        copy.write_text(as_program(code), encoding="utf-8")
        # threads=1: this worker's torch has run parallel operations, whose pool a fork lacks
        # (without it, an example's first parallel operation can hang the fork for good).
        result = matrix_worker.run(str(folder), name, cwd=str(copy.parent), threads=1)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    recipe, marked, checks = result["text"].partition(MARKER + "\n")
    if not marked:  # no checks line, or it never ran: all of it is the recipe's
        recipe, checks = result["text"], ""
    result["recipe"], result["checks"] = recipe, checks
    result["file_output"] = hashlib.sha256((recipe + checks).encode()).hexdigest()[:16]
    return result


@functools.cache
def _run(path) -> dict:
    """One run of each example per worker, for the tests below (see the module's docstring)."""
    name = path.relative_to(ROOT).as_posix()
    return run_example(name, path.read_text(encoding="utf-8"))


# The tests of an example in one pytest-xdist worker (make test: --dist loadgroup): one run.
EACH = [
    pytest.param(
        path,
        id=path.relative_to(ROOT).as_posix(),
        marks=[pytest.mark.xdist_group(path.relative_to(ROOT).as_posix())]
        + ([pytest.mark.slow] if path == DDP_EXAMPLE else []),
    )
    for path in SNIPPETS
]


@pytest.mark.parametrize("path", EACH)
def test_snippet_runs_alone_and_quietly(path):
    result = _run(path)
    assert result["status"] != "failed", f"{result['error']} (line {result['line']})"
    assert result["stderr"] == "", f"{path.name} wrote to stderr:\n{result['stderr']}"
    assert result["text"].strip(), (
        f"{path.name} shows nothing: an example must print what it proves"
    )


@pytest.mark.parametrize("path", EACH)
def test_snippet_prints_what_the_pinned_row_of_the_matrix_recorded(path):
    # What the matrix recorded on the pinned torch (gradsite/matrix_worker.py hashes stdout the same way).
    result = _run(path)
    name = path.relative_to(ROOT).as_posix()
    record = PINNED_ROW["examples"].get(name)
    refresh = matrix.refresh_command(matrix.PINNED, [name])
    assert record, f"data/matrix.json has no row for {name} on torch {matrix.PINNED}: {refresh}"
    assert record["source"] == matrix.source_hash(name), (
        f"you edited {name} since data/matrix.json recorded it: refresh its row with {refresh} (seconds); "
        f"the other releases follow with make matrix EXAMPLES=\"{name}\" (CONTRIBUTING, 'Adding an example')"
    )
    if record["output"] != result["file_output"] or (record["status"], record["error"]) != (
        "passed",
        None,
    ):
        recorded = matrix.load_outputs().get(record["output"], "(text not recorded)")
        pytest.fail(
            _same_source_other_output(name, record, recorded, result["recipe"] + result["checks"]),
            pytrace=False,
        )


@pytest.mark.parametrize("path", EACH)
def test_recipe_alone_prints_what_the_page_shows_and_the_checks_print_nothing(path):
    """What a reader copies is the recipe (above `# --- checks ---`): alone, it must print what
    the page shows, the whole file's output as the pinned row recorded it (tests/test_recipes.py:
    it compiles alone and carries no proof)."""
    result = _run(path)
    name = path.relative_to(ROOT).as_posix()
    if not split_example(path.read_text(encoding="utf-8")).checks:
        return  # all recipe: the tests above
    assert result["status"] != "failed", (
        f"{name} fails: {result['error']} (line {result['line']}); if at a line of the recipe, "
        "the recipe must run without its checks"
    )
    assert result["checks"] == "", (
        f"{name}: its checks print (the page shows what the recipe prints; they must print "
        f"nothing):\n{result['checks'][:1000]}"
    )
    record = PINNED_ROW["examples"].get(name)
    assert record, f"{name}: no row on torch {matrix.PINNED}"
    recipe = hashlib.sha256(result["recipe"].encode()).hexdigest()[:16]
    if recipe != record["output"]:
        recorded = matrix.load_outputs().get(record["output"], "(text not recorded)")
        pytest.fail(
            f"{name}: the recipe alone prints something else than the page shows (the whole "
            f"file's output).\n--- page\n{recorded}\n--- recipe alone\n{result['recipe']}",
            pytrace=False,
        )


def test_the_run_tells_the_recipe_s_output_from_the_checks_and_catches_a_recipe_needing_them():
    """The checks above can fail: a check that prints is seen after the marker, a recipe that
    needs its checks' code fails, and the file's output is the matrix's (marker left out)."""
    name = "snippets/retention/planted.py"
    prints = run_example(name, f"print(1)\n\n{CHECKS_LINE}\nprint(2)\nassert True\n")
    assert (prints["recipe"], prints["checks"]) == ("1\n", "2\n"), prints
    assert prints["file_output"] == hashlib.sha256(b"1\n2\n").hexdigest()[:16]
    needs = run_example(name, f"print(value)\n\n{CHECKS_LINE}\nvalue = 1\n")
    assert needs["status"] == "failed" and "NameError" in needs["error"] and needs["line"] == 1
    whole = run_example(name, "print(3)\n")  # no checks line: the file is its recipe
    assert (whole["recipe"], whole["checks"], whole["status"]) == ("3\n", "", "passed")


def _same_source_other_output(name: str, record: dict, recorded: str, stdout: str) -> str:
    diff = cpu_check.diff(recorded, stdout, "recorded in data/matrix.json", "printed now")
    status = (
        ""
        if record["status"] == "passed"
        else f" (recorded: {record['status']}, {record['error']})"
    )
    return (
        f"{name} is unchanged since data/matrix.json recorded it{status}, yet prints something else now: "
        f"its output depends on the machine or the run. Fix the example: print rounding-level numbers as an "
        f"asserted bound, seed anything random (CONTRIBUTING, 'Rules for an example'). Only if the new output "
        f"is intended (another torch, say), record it: {matrix.refresh_command(matrix.PINNED, [name])} FORCE=1\n"
        f"{diff}"
    )


# --- outputs that every machine prints ------------------------------------
# Each example under a second CPU configuration prints what the pinned row recorded
# (tests/cpu_check.py): here for the examples whose record in data/cpu-check.json is not
# current, every example in the weekly drift job (make cpu-check ALL=1).
CHAPTERS = sorted({p.parent.name for p in SNIPPETS})


@pytest.mark.slow
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_outputs_are_the_same_on_another_cpu_configuration(chapter, record_property):
    names = [p.relative_to(ROOT).as_posix() for p in SNIPPETS if p.parent.name == chapter]
    fresh = cpu_check.unchecked(names, cpu_check.load(), row=PINNED_ROW)
    if fresh:
        problems = cpu_check.differences(fresh, want=cpu_check.expected(fresh))
        assert not problems, "\n\n".join(problems.values())
        record_property(
            "summary",
            f"cross-CPU check, {chapter}: {len(fresh)} of {len(names)} examples run now (changed "
            f"since data/cpu-check.json), all passed; `make cpu-check` records them",
        )


def test_a_changed_example_is_checked_again_on_another_cpu_configuration(tmp_path):
    """An example passes the cross-CPU check by its record only while its source and its pinned
    output are the ones recorded: an edit, a re-recorded output or no record checks it again."""
    name = "snippets/retention/retain_grad.py"
    row = {"examples": {name: {"source": matrix.source_hash(name), "output": "abc"}}}
    current = cpu_check.entry(name, row=row)
    assert current["source"] == matrix.source_hash(name) and current["output"] == "abc"
    assert cpu_check.unchecked([name], {name: current}, row=row) == []
    assert cpu_check.unchecked([name], {}, row=row) == [name]
    assert cpu_check.unchecked([name], {name: {**current, "output": "old"}}, row=row) == [name]
    edited = tmp_path / name
    edited.parent.mkdir(parents=True)
    edited.write_text((ROOT / name).read_text(encoding="utf-8") + "print(1)\n", encoding="utf-8")
    assert cpu_check.unchecked([name], {name: current}, root=tmp_path, row=row) == [name]


PLANTED = """import torch

torch.manual_seed(0)
x = torch.randn(100_000)
# The mean of 4 chunk means is the mean, up to rounding: printing the rounding is not a fact.
difference = (x.mean() - torch.stack([c.mean() for c in x.chunk(4)]).mean()).abs().item()
print(f"difference: {difference:.1e}")
assert difference < 1e-6
"""


@pytest.mark.slow
def test_the_cpu_check_finds_a_planted_rounding_level_output(tmp_path):
    planted = tmp_path / "snippets" / "accumulation" / "planted_rounding.py"
    planted.parent.mkdir(parents=True)
    planted.write_text(PLANTED, encoding="utf-8")
    problems = list(
        cpu_check.differences(["snippets/accumulation/planted_rounding.py"], root=tmp_path).values()
    )
    assert len(problems) == 1, problems
    assert problems[0].startswith(
        "snippets/accumulation/planted_rounding.py prints something else under "
        "ATEN_CPU_CAPABILITY=default OMP_NUM_THREADS=1"
    ), problems
    assert "-difference: " in problems[0] and "+difference: " in problems[0]  # both outputs shown


def test_an_output_mismatch_says_whether_the_example_or_the_machine_changed():
    name = "snippets/accumulation/loss_curves.py"
    message = _same_source_other_output(
        name, {"status": "passed", "error": None}, "gap 1.8e-07\n", "gap 2.1e-07\n"
    )
    assert message.startswith(
        f"{name} is unchanged since data/matrix.json recorded it, yet prints something else"
    )
    assert "depends on the machine or the run" in message and message.rstrip().endswith(
        "+gap 2.1e-07"
    )
    assert f'make matrix RELEASES={matrix.PINNED} EXAMPLES="{name}" FORCE=1' in message


def test_the_pinned_row_was_made_on_this_torch():
    import torch

    assert PINNED_ROW["provenance"].get("torch") == torch.__version__, (
        PINNED_ROW["provenance"],
        torch.__version__,
    )


def test_a_failing_or_noisy_program_is_told_apart(tmp_path):
    """The check above can fail: a failing assert, a warning on stderr, no output, a leak."""
    cases = {
        "fails.py": "print(1)\nassert 1 == 2\n",
        "warns.py": "import warnings\nprint(1)\nwarnings.warn('x')\n",
        "silent.py": "x = 1\n",
        "leaks.py": "print(object())\n",
    }
    for name, code in cases.items():
        (tmp_path / name).write_text(code, encoding="utf-8")

    def run(name: str) -> dict:
        return matrix_worker.run(str(tmp_path), name, cwd=str(tmp_path))

    assert run("fails.py")["status"] == "failed"
    assert "UserWarning: x" in run("warns.py")["stderr"], "a warning must reach stderr"
    assert run("silent.py")["text"] == ""
    # The build's limits hold here as in the matrix: an address in the output fails.
    leaks = run("leaks.py")
    assert leaks["status"] == "failed" and "memory address" in leaks["error"], leaks


@pytest.mark.parametrize("path", SNIPPETS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_snippet_asserts_its_claims(path):
    source = path.read_text(encoding="utf-8")
    assert "assert " in source or "raise AssertionError" in source, f"{path.name} checks nothing"


def test_every_snippet_is_shown_on_a_page():
    pages = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").rglob("*.md"))
    unused = [
        p.relative_to(ROOT).as_posix()
        for p in SNIPPETS
        if p.relative_to(ROOT).as_posix() not in pages
    ]
    assert not unused, f"snippets no page includes: {unused}"


def test_includes_are_resolved_for_markdown_docs(tmp_path):
    text = '```python\n--8<-- "snippets/retention/chain_rule_2400.py"\n```\n'
    expanded = expand_includes(text)
    assert "--8<--" not in expanded
    assert "d.backward()" in expanded
    with pytest.raises(FileNotFoundError):
        expand_includes('--8<-- "snippets/retention/no_such_example.py"\n')


@pytest.mark.slow
def test_a_fence_s_traceback_reads_its_own_lines_not_the_page_s(tmp_path):
    """The plugin compiles a fence under the page's name, with an included snippet's lines in it:
    a traceback line (the anomaly-mode example on docs/detach asserts one) is the fence's line,
    not the page's line of that number (tests/markdown_docs.py, pytest_runtest_call)."""
    page = tmp_path / "page.md"
    here = "here = traceback.extract_stack()[-1].line"
    page.write_text(
        f'```python\n--8<-- "snippets/retention/chain_rule_2400.py"\nimport traceback\n{here}\n'
        f"assert here == {here!r}, here\n```\n" + "a line of prose\n" * 40,
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider"]
    run = subprocess.run(
        [*command, "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml"), str(page)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout[-2000:]


_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*(python|py|python3)\b(.*)$", re.M)


def unrun_fences(text: str) -> list[str]:
    """The opening lines of a page's python fences that the build does not run (no exec="on")."""
    return [m[0].strip() for m in _FENCE.finditer(text) if 'exec="on"' not in m[3]]


def test_every_python_fence_of_every_page_runs_in_the_build():
    """`make test` leaves docs/ to the build: each python fence of each page, both languages, is
    exec="on", so the strict build runs it and fails on an error or an escaped warning (and
    pytest-markdown-docs, `pytest docs/<page>.md`, would only run it again)."""
    pages = sorted((ROOT / "docs").rglob("*.md"))
    assert len(pages) >= 20
    found = {p.relative_to(ROOT).as_posix(): unrun_fences(p.read_text("utf-8")) for p in pages}
    assert not {page: lines for page, lines in found.items() if lines}, found
    assert unrun_fences('```python exec="on" source="above"\nx\n```\n```python\ny\n```\n') == [
        "```python"
    ]
