"""Glossary terms as hover tooltips, in the language of the page.

The glossary page of each language (docs/glossary/index.<lang>.md) is the one
place a term is defined: its table rows read `| term | counterpart | definition |`.
gradsite/hooks.py loads them for the language being built and gives them to
this Markdown extension, which wraps every occurrence of a term in
`<abbr title="...">`; Material (content.tooltips) shows the title on hover.

Python-Markdown's own `abbr` only matches a term between word boundaries
(`\\b`). Chinese has no spaces, so `叶子节点` in `是叶子节点的` would never
match. Here a boundary is required only at an end of a term that is a Latin
letter or digit; longer terms win (`非叶子节点` before `叶子节点`).
"""

from __future__ import annotations

import re
from pathlib import Path

from markdown.extensions.abbr import AbbrExtension, AbbrTreeprocessor

from gradsite.words import WORDS

_ROW = re.compile(r"^\|(?P<term>[^|]+)\|(?P<counterpart>[^|]+)\|(?P<definition>[^|]+)\|\s*$")
_WORDY = re.compile(r"\w", re.ASCII)


def terms(docs_dir: Path, language: str) -> dict[str, str]:
    """{term: tooltip} from the glossary table of one language."""
    page = Path(docs_dir) / "glossary" / f"index.{language}.md"
    found: dict[str, str] = {}
    rows = [
        row for line in page.read_text(encoding="utf-8").splitlines() if (row := _ROW.match(line))
    ]
    for row in rows[2:]:  # the page's one table; its first two rows are the header and its rule
        cells = {key: value.strip().replace("`", "") for key, value in row.groupdict().items()}
        found[cells["term"]] = WORDS[language]["glossary"]["tooltip"].format(**cells)
    return found


def _pattern(term: str) -> str:
    start = r"\b" if _WORDY.match(term[0]) else ""
    end = r"\b" if _WORDY.match(term[-1]) else ""
    return f"{start}{re.escape(term)}{end}"


class _Treeprocessor(AbbrTreeprocessor):
    def run(self, root):
        if not self.abbrs:
            return
        longest_first = sorted(self.abbrs, key=len, reverse=True)
        self.RE = re.compile("|".join(_pattern(term) for term in longest_first))
        self.iter_element(root)


class GlossaryExtension(AbbrExtension):
    """`abbr`, with the glossary preloaded and word boundaries that suit Chinese."""

    def extendMarkdown(self, md):
        super().extendMarkdown(md)
        md.treeprocessors.register(_Treeprocessor(md, self.abbrs), "abbr", 7)


def makeExtension(**kwargs):  # noqa: N802 - the name Python-Markdown looks for
    return GlossaryExtension(**kwargs)
