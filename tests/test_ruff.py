"""Everything in Python here is formatted and linted with ruff.

* snippets/: [tool.ruff] in pyproject.toml, line length 80, which fits a desktop code
  block (tests/test_layout.py measures it); `make format` formats and fixes them.
* gradsite/, tests/, benchmarks/: their .ruff.toml, code at 100 columns (a string or
  comment the formatter cannot split may run to 120).
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from gradsite.project import ROOT

RUFF = [sys.executable, "-m", "ruff"]
FOLDERS = {"snippets": ["snippets"], "code": ["gradsite", "tests", "benchmarks"]}


def _ruff(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([*RUFF, *command], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "what",
    [
        pytest.param(what, marks=[pytest.mark.every_example] if what == "snippets" else [])
        for what in FOLDERS
    ],
)
@pytest.mark.parametrize(
    "command", [["format", "--check", "--diff"], ["check", "--no-fix"]], ids=["format", "lint"]
)
def test_passes_ruff(command, what):
    done = _ruff(*command, *FOLDERS[what])
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_check_can_fail(tmp_path):
    """The code settings catch a long line and an unused import (so a pass above means something)."""
    bad = tmp_path / "planted.py"
    bad.write_text("import os\n\nX = '" + "x" * 130 + "'\n", encoding="utf-8")
    done = _ruff(
        "check", "--no-fix", "--output-format", "concise", "--config", "tests/.ruff.toml", str(bad)
    )
    assert done.returncode == 1 and "E501" in done.stdout and "F401" in done.stdout, done.stdout


def test_make_format_formats_every_folder_this_test_checks():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nformat:", 1)[1].split("\n\n", 1)[0]
    for tool in ("ruff format", "ruff check --fix"):
        line = next(line for line in recipe.splitlines() if tool in line)
        for folders in FOLDERS.values():
            assert all(folder in line.split() for folder in folders), (tool, folders, line)
