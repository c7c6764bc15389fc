"""Every word the site's code shows a reader: gradsite/words.toml, one table per language (data,
not code, as i18n strings usually are), the same keys in each, grouped by the job that uses them
(tests/test_words.py checks it, and that the check can fail)."""

from __future__ import annotations

import tomllib
from pathlib import Path

WORDS: dict[str, dict[str, dict[str, str]]] = tomllib.loads(
    (Path(__file__).parent / "words.toml").read_text(encoding="utf-8")
)


def keys(table: dict, prefix: str = "") -> set[str]:
    """Every key of a language's table, as "group.key"."""
    found = set()
    for key, value in table.items():
        found |= keys(value, f"{prefix}{key}.") if isinstance(value, dict) else {f"{prefix}{key}"}
    return found


def missing(words: dict = WORDS) -> dict[str, list[str]]:
    """language -> the keys another language has and it lacks; {} when none lacks any."""
    every = set().union(*(keys(table) for table in words.values()))
    gaps = {lang: sorted(every - keys(table)) for lang, table in words.items()}
    return {lang: gap for lang, gap in gaps.items() if gap}
