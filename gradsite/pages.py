"""A page's Markdown, read once into its fenced blocks (`fences`), and its prose with the code
blanked out (`blank_code`). Every job that reads a page asks here: the hooks (the `snippet`
option, the folded checks, the compatibility notes), the error index, the claims, the glossary
and the notebooks. `json_script` is the one way a job hands data to the page's JavaScript;
`twins_differ` says how the two languages of a page disagree (the hooks' checks, the claims').
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from gradsite.project import INCLUDE, LANGUAGES

# A fenced block, top level or indented (in a fold): its closing fence has its opening's indent.
_FENCED = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*)\n"
    r"(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$",
    re.M | re.S,
)
_OPTION = re.compile(r'(\w+)="([^"]*)"')


@dataclass(frozen=True)
class Fence:
    """One fenced block of a page: where it is, its info line, its body."""

    start: int  # the span of the block in the page's Markdown, both fences included
    end: int
    indent: str
    info: str  # what follows the opening fence: python exec="on" source="above"
    body: str
    info_end: int  # where the info line ends in the page (an option added goes there)

    @property
    def language(self) -> str:
        return self.info.split(maxsplit=1)[0] if self.info.strip() else ""

    @property
    def options(self) -> dict[str, str]:
        return dict(_OPTION.findall(self.info))

    @property
    def executed(self) -> bool:
        """A python fence the runner runs (gradsite/runner/)."""
        return self.language in ("python", "py") and self.options.get("exec") in ("on", "1", "true")

    @property
    def include(self) -> str | None:
        """The snippet a fence includes when its whole body is one `--8<--` line."""
        found = INCLUDE.fullmatch(self.body.strip("\n"))
        return found["path"] if found else None


def fences(markdown: str) -> list[Fence]:
    """Every fenced block of a page, in page order."""
    return [
        Fence(m.start(), m.end(), m["indent"], m["info"], m["body"], m.end("info"))
        for m in _FENCED.finditer(markdown)
    ]


def _keep_lines(match: re.Match) -> str:
    return re.sub(r"[^\n]", " ", match[0])


_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?^---[ \t]*$", re.M | re.S)  # comments start with #
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
INLINE_CODE = re.compile(r"(`+).+?\1", re.S)


def blank_code(text: str, *, inline: bool = True) -> str:
    """`text` with its front matter, fenced blocks, HTML comments and (with `inline`) inline code
    blanked out, same length and lines: a position found in the result is one in `text`."""
    text = _FRONT_MATTER.sub(_keep_lines, text)
    text = _FENCED.sub(_keep_lines, _HTML_COMMENT.sub(_keep_lines, text))
    return INLINE_CODE.sub(_keep_lines, text) if inline else text


def twins_differ(stem: str, what: str, lists: list[list], fix: str, item: str = "") -> list[str]:
    """The error when both languages of a page do not list the same `what` in the same order:
    what is only in one, or (when `item` names one of them) where the order first differs."""
    (a, b), (first, second) = LANGUAGES, lists
    if first == second:
        return []
    only = {a: [x for x in first if x not in second], b: [x for x in second if x not in first]}
    detail = "; ".join(f"only in {lang}: {', '.join(xs)}" for lang, xs in only.items() if xs)
    if not detail:
        detail = "same ones, another order"
        if item:  # where they first differ: an item, or the end of the shorter list ([x, x], [x])
            pairs = enumerate(zip(first, second))
            at = next((n for n, (x, y) in pairs if x != y), min(len(first), len(second)))
            say = [xs[at] if at < len(xs) else "none" for xs in (first, second)]
            detail += f": {item} {at + 1} is {say[0]} in {a}, {say[1]} in {b}"
    return [f"docs/{stem}.{a}.md and docs/{stem}.{b}.md differ in their {what}: {detail}. {fix}"]


# Material's search skips an element with this attribute (and all it holds): generated tables,
# pictures and formulas whose text, run together in the index, is no reader's words (the release
# matrix's ✓✗ under every example's name, a graph's labels: xrequires_grad=TrueyMulBackward0...,
# a formula's glyphs), which matched most questions and showed under a search result as such.
SEARCH_EXCLUDE = "data-search-exclude"


def json_script(element_id: str, data: dict) -> str:
    """`data` as a `<script type="application/json">` for the page's JavaScript: in a script
    element nothing is markup but "</script", so no "<" at all."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'\n<script type="application/json" id="{element_id}">{text}</script>\n'
