"""Every example runs on its own, as a reader who copies it would run it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gradsite.markdown_docs import expand_includes
from sitebuild import ROOT

SNIPPETS = sorted((ROOT / "snippets").rglob("*.py"))


def test_there_are_examples():
    assert len(SNIPPETS) >= 10


@pytest.mark.parametrize("path", SNIPPETS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_snippet_runs_alone_and_quietly(path):
    done = subprocess.run(
        [sys.executable, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", f"{path.name} wrote to stderr:\n{done.stderr}"
    assert done.stdout.strip(), f"{path.name} shows nothing: an example must print what it proves"


@pytest.mark.parametrize("path", SNIPPETS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_snippet_asserts_its_claims(path):
    source = path.read_text(encoding="utf-8")
    assert "assert " in source or "raise AssertionError" in source, f"{path.name} checks nothing"


def test_every_snippet_is_shown_on_a_page():
    pages = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").rglob("*.md"))
    unused = [p.relative_to(ROOT).as_posix() for p in SNIPPETS if p.relative_to(ROOT).as_posix() not in pages]
    assert not unused, f"snippets no page includes: {unused}"


def test_includes_are_resolved_for_markdown_docs(tmp_path):
    text = '```python\n--8<-- "snippets/retention/chain_rule_2400.py"\n```\n'
    expanded = expand_includes(text)
    assert "--8<--" not in expanded
    assert "d.backward()" in expanded
    with pytest.raises(FileNotFoundError):
        expand_includes('--8<-- "snippets/retention/no_such_example.py"\n')
