"""Translation freshness: each section of a zh page and its en twin change together
(CONTRIBUTING.md, "Adding an example", step 6). Sections split at the headings with an id (the
same in both languages, which the build checks); `top` is the text before the first.
data/translations.json records a short hash of every section in each language as it was when both
said the same; tests/test_translations.py names each section changed since, in one language or
both, until `make translations-ok` (python tests/translations.py record) rewrites the
record. A section added or removed in both languages is a change too: record it.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

from gradsite.project import HEADING_ID, LANGUAGES, ROOT

DOCS = ROOT / "docs"
RECORD = ROOT / "data" / "translations.json"
COMMAND = "make translations-ok"


def sections(text: str) -> dict[str, str]:
    """{section id: its text} in page order; `top` is what comes before the first heading id.

    Fenced blocks are skipped when looking for headings (a `#` comment is no heading)."""
    found: dict[str, list[str]] = {"top": []}
    current, fence = "top", None
    for line in text.splitlines():
        stripped = line.strip()
        if fence is None and (match := re.match(r"(`{3,}|~{3,})", stripped)):
            fence = match[1]
        elif fence is not None and stripped.startswith(fence) and stripped.strip(fence[0]) == "":
            fence = None
        elif fence is None and (match := HEADING_ID.match(line)):
            current = match["id"]
            found.setdefault(current, [])
        found[current].append(line)
    return {name: "\n".join(lines) for name, lines in found.items()}


def digest(text: str) -> str:
    """A short hash of a section's words: blank lines and trailing spaces do not count."""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def pages(docs: Path = DOCS) -> list[str]:
    """Every page that has a twin, as its path under docs/ without the language: `zeroing/index`."""
    return sorted(
        str(p.relative_to(docs).with_suffix("").with_suffix("")) for p in docs.rglob("*.zh.md")
    )


def current(docs: Path = DOCS) -> dict[str, dict[str, dict[str, str]]]:
    """{page: {section: {language: hash}}} of the pages as they are on disk."""
    state: dict[str, dict[str, dict[str, str]]] = {}
    for page in pages(docs):
        state[page] = {}
        for language in LANGUAGES:
            path = docs / f"{page}.{language}.md"
            if path.exists():
                for name, text in sections(path.read_text(encoding="utf-8")).items():
                    state[page].setdefault(name, {})[language] = digest(text)
    return state


def stale(state: dict, record: dict) -> list[str]:
    """Each section whose text differs from the record, in words: what changed, what to do."""
    problems = []
    for page, found in state.items():
        recorded_page = record.get(page, {})
        for name, hashes in found.items():
            recorded = recorded_page.get(name, {})
            changed = [
                language for language in LANGUAGES if hashes.get(language) != recorded.get(language)
            ]
            if not changed:
                continue
            if not recorded:
                problem = f"new since the record; once both languages say the same, run `{COMMAND}`"
            elif len(changed) == 1:
                other = next(language for language in LANGUAGES if language not in changed)
                problem = (
                    f"the {changed[0]} text changed (docs/{page}.{changed[0]}.md) and its "
                    f"{other} twin did not (docs/{page}.{other}.md): make the {other} section say the "
                    f"same, then run `{COMMAND}`; if it already does, just run `{COMMAND}`"
                )
            else:
                problem = f"both languages changed; once they say the same, run `{COMMAND}`"
            problems.append(f"docs/{page}.*.md, section #{name}: {problem}")
        for name in recorded_page.keys() - found.keys():
            problems.append(
                f"docs/{page}.*.md, section #{name}: gone from both pages; run `{COMMAND}`"
            )
    for page in record.keys() - state.keys():
        problems.append(f"docs/{page}.*.md: gone; run `{COMMAND}`")
    return problems


def load(path: Path = RECORD) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def record(path: Path = RECORD, docs: Path = DOCS) -> int:
    """Write the record from the pages as they are; return how many sections changed in it."""
    state, before = current(docs), load(path)
    changed = len(stale(state, before))
    path.write_text(
        json.dumps(state, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    return changed


if __name__ == "__main__":
    if sys.argv[1:] != ["record"]:
        sys.exit("usage: python tests/translations.py record")
    count = record()
    print(
        f"{RECORD.relative_to(ROOT)}: {count} section(s) recorded as saying the same in both languages"
    )
