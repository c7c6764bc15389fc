"""Chinese typography of what the site shows in Chinese, checked with AutoCorrect (`autocorrect-py`,
`test` group): spaces between Chinese and Latin, full-width punctuation, and so on. Its
configuration is `.autocorrectrc`, which its command line and editor plugins read too: Markdown
code blocks are left alone (`context.codeblock: 0`: examples, include lines, figure calls), and
`textRules` lists the exact phrases it must not change (a cited title, as its author wrote it).
`python tests/typography.py` lists what it would change (exit 1 if anything), `--fix`
changes it (`make format`); tests/test_typography.py runs the check.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from gradsite.project import ROOT

CONFIG = ROOT / ".autocorrectrc"


def files(root: Path = ROOT) -> list[Path]:
    """The Chinese text the site shows: the zh pages, mkdocs.yml (site name, nav, toggles), templates.

    gradsite/*.py is left out: its few Chinese strings sit among English docstrings and
    format placeholders ("{counterpart}：{definition}") that AutoCorrect would "fix"."""
    templates = sorted((root / "gradsite" / "overrides").glob("*.html"))
    return [*sorted((root / "docs").rglob("*.zh.md")), root / "mkdocs.yml", *templates]


def _autocorrect():
    import autocorrect_py

    autocorrect_py.load_config(CONFIG.read_text(encoding="utf-8"))
    return autocorrect_py


def _change(old: str, new: str, around: int = 12) -> str:
    """The changed part of a line, with a few characters either side: `…以 “Error…` -> `…以“Error…`."""
    blocks = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    changes = [(i1, i2, j1, j2) for tag, i1, i2, j1, j2 in blocks if tag != "equal"]
    start_old, start_new = changes[0][0], changes[0][2]
    end_old, end_new = changes[-1][1], changes[-1][3]
    a, b = max(start_old - around, 0), max(start_new - around, 0)
    return f"{old[a : end_old + around]!r} -> {new[b : end_new + around]!r}"


def problems(paths: list[Path], root: Path = ROOT) -> list[str]:
    """`path:line:column: old -> new` for everything AutoCorrect would change."""
    autocorrect = _autocorrect()
    found = []
    for path in paths:
        result = autocorrect.lint_for(path.read_text(encoding="utf-8"), str(path))
        for line in result.lines:
            where = path.relative_to(root) if path.is_relative_to(root) else path
            found.append(f"{where}:{line.line}: {_change(line.old, line.new)}")
    return found


def fix(paths: list[Path]) -> list[Path]:
    """Apply AutoCorrect's changes in place; return the files it changed."""
    autocorrect = _autocorrect()
    changed = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        fixed = autocorrect.format_for(text, str(path))
        if fixed != text:
            path.write_text(fixed, encoding="utf-8")
            changed.append(path)
    return changed


if __name__ == "__main__":
    if sys.argv[1:] == ["--fix"]:
        for path in fix(files()):
            print(f"typography fixed: {path.relative_to(ROOT)}")
    elif sys.argv[1:]:
        sys.exit("usage: python tests/typography.py [--fix]")
    left = problems(files())
    print("\n".join(left))
    sys.exit(1 if left else 0)
