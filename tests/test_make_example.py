"""`make example EXAMPLE=snippets/<chapter>/<name>.py` runs everything about one example, and
nothing about another (tests/conftest.py, `--example`; CONTRIBUTING, "Adding an example")."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest
from gradsite.project import ROOT


def _collected(example: str) -> list[str]:
    """The test ids `make example` runs for `example` (its command, read from the Makefile)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^example:.*\n\t(.+)$", makefile, re.M)[1]
    command = recipe.replace("$(BIN)/python", sys.executable).replace("$(EXAMPLE)", example)
    command = command.replace("$(ARGS)", "--collect-only -q")
    done = subprocess.run(
        shlex.split(command), cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return [line for line in done.stdout.splitlines() if "::" in line]


@pytest.mark.slow
def test_make_example_runs_everything_about_one_example_and_nothing_else():
    example = "snippets/retention/retain_grad.py"
    ids = _collected(example)
    wanted = [
        f"tests/test_snippets.py::test_snippet_runs_alone_and_quietly[{example}]",
        f"tests/test_snippets.py::test_snippet_prints_what_the_pinned_row_of_the_matrix_recorded[{example}]",
        "tests/test_drift.py::test_drift_fails_the_runner[retention-retain_grad-becomes-a-no-op]",
        "tests/test_build.py::test_parity_same_snippets_same_order[retention]",
        "tests/test_ruff.py::test_passes_ruff[format-snippets]",
        "tests/test_ruff.py::test_passes_ruff[lint-snippets]",
    ]
    assert not [w for w in wanted if w not in ids], "\n".join(ids)
    others = [i for i in ids if "snippets/" in i and example not in i]
    assert not others, others
    assert not [i for i in ids if "zeroing" in i or "detach" in i], ids
