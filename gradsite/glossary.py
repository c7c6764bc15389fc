"""Glossary terms as hover tooltips (`<abbr title>`, Material's content.tooltips) in the page's
language, from the tables of docs/glossary/ (CONTRIBUTING.md, "Glossary terms").

Python-Markdown's `abbr` matches a term only between word boundaries (`\\b`): Chinese has no
spaces, so `叶子节点` in `是叶子节点的` would never match. Here a boundary is required only at an
end of a term that is a Latin letter or digit; longer terms win (`非叶子节点` before `叶子节点`).

A term is marked on its first use in a page, never in a heading. Marked once per h2 section
(`RESTART_AT = ("h1", "h2")`), the Chinese pages, whose prose repeats each term, kept three times
the English pages' marks (retention 35 to 13, detach 36 to 11); once per page, 9 to 8 and 7 to 5.
"""

from __future__ import annotations

import re
from pathlib import Path

from markdown.extensions.abbr import AbbrExtension, AbbrTreeprocessor

from gradsite.pages import blank_code
from gradsite.words import WORDS

_ROW = re.compile(
    r"^\|(?P<term>[^|]+)\|(?P<counterpart>[^|]+)\|(?P<definition>[^|]+)\|(?:(?P<variants>[^|]*)\|)?\s*$"
)
_WORDY = re.compile(r"\w", re.ASCII)
_HEADING = re.compile(r"h[1-6]")
_LIST = re.compile(r"[,，、;；]")  # between the variants of a cell
RESTART_AT = ("h1",)  # the headings after which a term is marked again


def _rows(docs_dir: Path, language: str) -> list[dict[str, str]]:
    text = (Path(docs_dir) / "glossary" / f"index.{language}.md").read_text(encoding="utf-8")
    rows = [row for line in text.splitlines() if (row := _ROW.match(line))]
    # the page's one table; its first two rows are the header and its rule
    return [
        {key: (value or "").strip().replace("`", "") for key, value in row.groupdict().items()}
        for row in rows[2:]
    ]


def terms(docs_dir: Path, language: str) -> dict[str, str]:
    """{term: tooltip} from the glossary table of one language."""
    return {
        cells["term"]: WORDS[language]["glossary"]["tooltip"].format(**cells)
        for cells in _rows(docs_dir, language)
    }


def counterparts(docs_dir: Path, language: str) -> dict[str, str]:
    """{term: the same term in the other language}, from the table's second column."""
    return {cells["term"]: cells["counterpart"] for cells in _rows(docs_dir, language)}


def variants(docs_dir: Path, language: str) -> dict[str, str]:
    """{variant: the term to write instead}, from the table's fourth column."""
    return {
        variant.strip(): cells["term"]
        for cells in _rows(docs_dir, language)
        for variant in _LIST.split(cells["variants"])
        if variant.strip()
    }


def variants_in(markdown: str, found: dict[str, str]) -> list[tuple[int, str, str]]:
    """(line, variant, term) for each glossary variant in a page's prose, code excepted."""
    if not found:
        return []
    blank = blank_code(markdown)
    pattern = _any_of(found, re.IGNORECASE)
    by_lower = {variant.lower(): term for variant, term in found.items()}
    return [
        (number, m[0], by_lower[m[0].lower()])
        for number, line in enumerate(blank.splitlines(), 1)
        for m in pattern.finditer(line)
    ]


def _any_of(terms, flags: int = 0) -> re.Pattern:
    """The terms as one pattern, longest first, a word boundary only at an end of a term that is
    a Latin letter or digit."""
    patterns = []
    for term in sorted(terms, key=len, reverse=True):
        start = r"\b" if _WORDY.match(term[0]) else ""
        end = r"\b" if _WORDY.match(term[-1]) else ""
        patterns.append(f"{start}{re.escape(term)}{end}")
    return re.compile("|".join(patterns), flags)


class _Treeprocessor(AbbrTreeprocessor):
    def __init__(self, md, abbrs, first_uses_only: bool = True):
        super().__init__(md, abbrs)
        self.first_uses_only = first_uses_only

    def run(self, root):
        if not self.abbrs:
            return
        self.RE = _any_of(self.abbrs)
        self.iter_element(root)
        if self.first_uses_only:
            _first_uses_only(root, set(self.abbrs.values()))


def _first_uses_only(root, titles: set[str]) -> None:
    """Keep a term's first mark after each RESTART_AT heading (none in headings); unwrap the others."""
    parents = {child: parent for parent in root.iter() for child in parent}
    seen: set[str] = set()
    for element in list(root.iter()):
        if element.tag in RESTART_AT:
            seen.clear()
        if element.tag != "abbr" or element.get("title") not in titles:
            continue
        in_heading = any(_HEADING.fullmatch(a.tag) for a in _ancestors(element, parents))
        if in_heading or element.text in seen:
            _unwrap(element, parents[element])
        else:
            seen.add(element.text)


def _ancestors(element, parents):
    while element in parents:
        element = parents[element]
        yield element


def _unwrap(element, parent) -> None:
    """Put an element's text back where it stood, without the element."""
    index = list(parent).index(element)
    text = (element.text or "") + (element.tail or "")
    if index:
        previous = parent[index - 1]
        previous.tail = (previous.tail or "") + text
    else:
        parent.text = (parent.text or "") + text
    parent.remove(element)


class GlossaryExtension(AbbrExtension):
    """`abbr`, with the glossary preloaded and word boundaries that suit Chinese.
    `first_uses_only: false` marks every use (only to show what the default prevents)."""

    def __init__(self, **kwargs):
        self.first_uses_only = kwargs.pop("first_uses_only", True)
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        super().extendMarkdown(md)
        md.treeprocessors.register(_Treeprocessor(md, self.abbrs, self.first_uses_only), "abbr", 7)


def makeExtension(**kwargs):  # noqa: N802 - the name Python-Markdown looks for
    return GlossaryExtension(**kwargs)
