"""Shared fixtures, and the snippet includes for pytest-markdown-docs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from sitebuild import ROOT, Build, build

INCLUDE = re.compile(r'^\s*--8<--\s+"(?P<path>[^"]+)"\s*$')


def expand_includes(text: str) -> str:
    """Resolve pymdownx.snippets lines the way the site build does (base_path ".")."""
    lines = []
    for line in text.splitlines(keepends=True):
        match = INCLUDE.match(line)
        if match:
            # A missing file raises here: the page's fence test then fails.
            lines.append((ROOT / match["path"]).read_text(encoding="utf-8"))
        else:
            lines.append(line)
    return "".join(lines)


def _resolve_snippets(state) -> None:
    for token in state.tokens:
        if token.type == "fence":
            token.content = expand_includes(token.content)


@pytest.hookimpl(tryfirst=True)
def pytest_markdown_docs_markdown_it() -> MarkdownIt:
    parser = MarkdownIt("commonmark")
    parser.core.ruler.push("gradsite_snippets", _resolve_snippets)
    return parser


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Build:
    """One strict build of the real project, shared by the tests that read it."""
    result = build(tmp_path_factory.mktemp("site") / "site")
    assert result.returncode == 0, result.log
    return result
