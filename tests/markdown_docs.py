"""pytest plugin (`-p markdown_docs`, pyproject.toml): pytest-markdown-docs sees the
pages' fences as the build does. Pages include examples with pymdownx.snippets lines
(`--8<-- "snippets/…"`), resolved here before a fence runs: what a page shows is what is tested,
and an include line never reaches Python as code. Only the default language's pages are
collected: the other shows the same code and outputs (tests/test_build.py, parity), so running
its fences again would prove nothing more.
"""

from __future__ import annotations

import gc
import linecache
from pathlib import Path

import pytest
from gradsite.project import DEFAULT, INCLUDE, ROOT
from markdown_it import MarkdownIt


def expand_includes(text: str, root: Path = ROOT) -> str:
    """Replace every include line by the file it names; a missing file raises."""
    lines = []
    for line in text.splitlines(keepends=True):
        match = INCLUDE.match(line)
        lines.append((root / match["path"]).read_text(encoding="utf-8") if match else line)
    return "".join(lines)


def _resolve_snippets(state) -> None:
    """Each fence as the build runs it: `__file__` is the included snippet's path."""
    for token in (t for t in state.tokens if t.type == "fence"):
        match = next(filter(None, map(INCLUDE.match, token.content.splitlines())), None)
        script = expand_includes(token.content)
        if match:  # one line more: snippet line n is then fence line n + 1
            script = f"__file__ = {str(ROOT / match['path'])!r}\n" + script
        token.content = script


@pytest.hookimpl
def pytest_markdown_docs_globals() -> dict:
    # Run each fence as a script, as the build does (`if __name__ == "__main__":` included).
    return {"__name__": "__main__"}


@pytest.hookimpl(tryfirst=True)
def pytest_markdown_docs_markdown_it() -> MarkdownIt:
    parser = MarkdownIt("commonmark")
    parser.core.ruler.push("gradsite_snippets", _resolve_snippets)
    return parser


@pytest.hookimpl
def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    other = collection_path.suffixes[-2:-1] not in ([], [f".{DEFAULT}"])  # another language's
    return True if collection_path.suffix == ".md" and other else None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A traceback line is read from the fence as it ran, not from the page: the fence is
    compiled under the page's name, and an included snippet moves its lines (the anomaly-mode
    example on docs/detach asserts its traceback's last line)."""
    code = getattr(item, "test_definition", None)
    if code is None:
        return (yield)
    name, lines = str(code.source_path), code.source.splitlines(keepends=True)
    linecache.cache[name] = (len(code.source), None, lines, name)
    try:
        return (yield)
    finally:
        linecache.cache.pop(name, None)


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item) -> None:
    """A fence's objects go with its globals, some in reference cycles: collect them here, in
    the process that owns their threads. Left to a later collection, the process group of a DDP
    example was freed in the fork of the page's next multi-process example, whose destructor
    then waited forever for threads a fork does not copy (docs/accumulation, seen twice)."""
    if item.path.suffix == ".md":
        gc.collect()
