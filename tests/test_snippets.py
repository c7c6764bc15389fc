"""Every example runs on its own, as a reader who copies it would run it.

Each runs as `python <file>.py` would in its own folder (`__main__`, its own
`__file__` and argv, Python's default warning filters, output at the file
descriptors so the processes it starts are heard too), in a forked child of
the test process: the interpreter start and `import torch` are paid once.

The same run checks the pinned torch's row of data/matrix.json: the example
passes and prints exactly what the matrix recorded (its output's hash). And it
stands for the chapters' examples zips, which hold these files byte for byte,
flat in one folder per chapter (tests/test_downloads.py): a file that runs here,
from its own folder, runs unzipped.
"""

from __future__ import annotations

import hashlib
import os
import runpy
import sys
import tempfile
import warnings

import pytest
from gradsite import matrix
from gradsite.markdown_docs import expand_includes
from gradsite.project import ROOT

from sitebuild import forked

SNIPPETS = sorted((ROOT / "snippets").rglob("*.py"))
PINNED_ROW = matrix.load()["releases"].get(matrix.PINNED, {"provenance": {}, "examples": {}})


def _python_default_warning_filters() -> None:
    warnings.resetwarnings()
    for category in (ResourceWarning, ImportWarning, PendingDeprecationWarning, DeprecationWarning):
        warnings.simplefilter("ignore", category)
    warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")
    # pytest records warnings instead of showing them; a program shows them on stderr.
    warnings.showwarning = lambda message, category, filename, lineno, file=None, line=None: (
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))
    )


def _run_as_a_program(path) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of the file run as a program."""
    with tempfile.TemporaryDirectory() as folder:
        out_path, err_path = os.path.join(folder, "out"), os.path.join(folder, "err")
        with (
            open(out_path, "w", encoding="utf-8") as out,
            open(err_path, "w", encoding="utf-8") as err,
        ):
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            sys.stdout, sys.stderr = out, err
            sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115
            os.chdir(path.parent)  # as in an unzipped examples folder
            sys.argv = [str(path)]
            sys.path.insert(0, str(path.parent))
            _python_default_warning_filters()
            status = 0
            try:
                runpy.run_path(str(path), run_name="__main__")
            except SystemExit as exit_:
                status = exit_.code if isinstance(exit_.code, int) else 1
            except BaseException:  # noqa: BLE001 - reported as Python would
                import traceback

                traceback.print_exc()
                status = 1
            out.flush()
            err.flush()
        with open(out_path, encoding="utf-8") as out, open(err_path, encoding="utf-8") as err:
            return status, out.read(), err.read()


def test_there_are_examples():
    assert len(SNIPPETS) >= 10


@pytest.mark.parametrize("path", SNIPPETS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_snippet_runs_alone_and_quietly(path):
    status, stdout, stderr = forked(_run_as_a_program, path)
    assert status == 0, stderr
    assert stderr == "", f"{path.name} wrote to stderr:\n{stderr}"
    assert stdout.strip(), f"{path.name} shows nothing: an example must print what it proves"
    # What the matrix recorded on the pinned torch (gradsite/matrix_worker.py hashes stdout the same way).
    name = path.relative_to(ROOT).as_posix()
    record = PINNED_ROW["examples"].get(name)
    refresh = matrix.refresh_command(matrix.PINNED, [name])
    assert record, f"data/matrix.json has no row for {name} on torch {matrix.PINNED}: {refresh}"
    assert record["source"] == matrix.source_hash(name), (
        f"data/matrix.json ran an older {name}: {refresh}"
    )
    assert (record["status"], record["error"]) == ("passed", None), f"{record}: {refresh}"
    output = hashlib.sha256(stdout.encode()).hexdigest()[:16]
    assert record["output"] == output, (
        f"{name} prints something else than data/matrix.json recorded: {refresh}"
    )


def test_the_pinned_row_was_made_on_this_torch():
    import torch

    assert PINNED_ROW["provenance"].get("torch") == torch.__version__, (
        PINNED_ROW["provenance"],
        torch.__version__,
    )


def test_a_failing_or_noisy_program_is_told_apart(tmp_path):
    """The check above can fail: a failing assert, a warning on stderr, no output."""
    cases = {
        "fails.py": "print(1)\nassert 1 == 2\n",
        "warns.py": "import warnings\nprint(1)\nwarnings.warn('x')\n",
        "silent.py": "x = 1\n",
    }
    for name, code in cases.items():
        (tmp_path / name).write_text(code, encoding="utf-8")
    assert forked(_run_as_a_program, tmp_path / "fails.py")[0] == 1
    assert "UserWarning: x" in forked(_run_as_a_program, tmp_path / "warns.py")[2], (
        "a warning must reach stderr"
    )
    assert forked(_run_as_a_program, tmp_path / "silent.py")[1] == ""


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
