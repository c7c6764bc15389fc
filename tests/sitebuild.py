"""Helpers to build the site from tests: as it is, patched, or from a copy."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What a build reads; a copy of these is a complete, independent project.
PROJECT_PARTS = ("mkdocs.yml", "docs", "snippets", "gradsite")
CHAPTERS = ("retention", "zeroing", "detach", "accumulation")
# A fence markdown-exec runs; `body` is its code (a snippet include or code written in the page).
FENCE = re.compile(
    r'^[ \t]*(?P<fence>`{3,}|~{3,})[ \t]*(?:python|py)\b[^\n]*exec="(?:on|1|true)"[^\n]*\n(?P<body>.*?)^[ \t]*(?P=fence)',
    re.M | re.S,
)


@dataclass
class Build:
    returncode: int
    log: str
    site: Path

    def page(self, path: str) -> str:
        return (self.site / path / "index.html").read_text(encoding="utf-8")


def build(site_dir: Path, *, project: Path = ROOT, before: str = "", only: str | None = None) -> Build:
    """Run `mkdocs build --strict` in a fresh process.

    `before` is Python run in that process before MkDocs starts: a drift test
    puts a monkeypatch of torch there, to simulate a PyTorch release.
    `only` builds one chapter (both languages) and nothing else, for speed:
    links to the pages left out are then reported as info, not warnings, so
    what fails such a build is the chapter's own examples and pages.
    """
    config = project / "mkdocs.yml"
    if only:
        config = site_dir.parent / f"mkdocs-{only}.yml"
        others = [c for c in CHAPTERS if c != only]
        override = {  # JSON is YAML: MkDocs reads it as a config that inherits the real one
            "INHERIT": str(project / "mkdocs.yml"),
            "docs_dir": str(project / "docs"),
            "hooks": [str(project / "gradsite" / name) for name in ("hooks.py", "languages.py")],
            "watch": [str(project / "snippets"), str(project / "gradsite")],
            "theme": {"name": "material", "custom_dir": str(project / "gradsite" / "overrides")},
            "exclude_docs": "\n".join(f"/{c}/" for c in CHAPTERS if c != only),
            "nav": ["index.md", f"{only}/index.md"],
            "validation": {"omitted_files": "info", "not_found": "info", "anchors": "info"},
        }
        config.write_text(json.dumps(override), encoding="utf-8")
    driver = textwrap.dedent(before) + textwrap.dedent(
        f"""
        import sys
        from mkdocs.__main__ import cli
        sys.argv = ["mkdocs", "build", "--strict", "-f", {str(config)!r}, "--site-dir", {str(site_dir)!r}]
        cli()
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", driver],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=900,
    )
    return Build(done.returncode, done.stdout + done.stderr, site_dir)


def copy_project(dest: Path) -> Path:
    """A throwaway copy of the project, to break on purpose."""
    dest.mkdir(parents=True)
    for part in PROJECT_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, dest / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, dest / part)
    return dest


class _PreBlocks(HTMLParser):
    """Collects the text of every <pre> element: code and outputs."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        if tag == "pre":
            self._depth += 1
            if self._depth == 1:
                self.blocks.append("")

    def handle_endtag(self, tag):
        if tag == "pre":
            self._depth -= 1

    def handle_data(self, data):
        if self._depth:
            self.blocks[-1] += data


def pre_blocks(html: str) -> list[str]:
    parser = _PreBlocks()
    parser.feed(html)
    return parser.blocks


def assert_drift_fails(patch: str, example: str, site_dir: Path, chapter: str) -> None:
    """A simulated PyTorch change must stop the build, naming the example."""
    result = build(site_dir, before=patch, only=chapter)
    assert result.returncode != 0, f"the build still passed with:\n{patch}"
    for lang in ("zh", "en"):
        assert f"{example}:" in result.log and f"language {lang}" in result.log, result.log[-3000:]
