"""Under each example a page includes, what the other PyTorch releases do (jobs of
gradsite/hooks.py, on each page's Markdown and content).

From data/matrix.json (gradsite/compat.py), in the page's language; the chapter
pages themselves are not edited:

* after each included example (top level or inside a fold), a
  `<div class="mx-versions">` naming it, holding
  the one-line compatibility note only where some tested release fails, warns
  or prints something else (an example that runs the same everywhere gets none);
* at the end of the page, a `<script type="application/json" id="mx-data">`
  with each release's result of the page's examples and the texts of the
  outputs that differ from the pinned release's (data/matrix-outputs.json).
  docs/assets/releases.js turns it into the page's "My PyTorch" choice. Without
  JavaScript (and for search, which skips scripts) the page holds the pinned
  outputs alone.

An example the matrix has no current row for gets no note, and the build says
so at info level (`make test` fails on it: tests/test_matrix.py).
"""

from __future__ import annotations

import html
import json
import logging
import re
from pathlib import Path

from gradsite import compat, matrix
from gradsite.project import FENCE, INCLUDE, language_of

log = logging.getLogger("mkdocs.hooks.gradsite")

# What add_notes leaves under each example: inline HTML, which Markdown puts in a paragraph
# of its own both at the top level and inside an indented block (a folded proof), where a
# raw <div> would not be recognised as a block. add_data makes it the marker.
SPOT = re.compile(
    r'<p><span class="mx-versions" data-example="(?P<example>snippets/[^"]+\.py)"></span></p>'
)
MARKER = re.compile(r'<div class="mx-versions" data-example="(?P<example>snippets/[^"]+\.py)">')


def load() -> tuple[dict, dict]:
    """matrix.load() (each release's records, and "outputs", the texts by hash) and its
    current rows (compat.rows): read once per build, as the snippets are at build time."""
    data = matrix.load()
    return data, compat.rows(data)


def add_notes(
    markdown: str,
    src_uri: str,
    data: dict,
    current: dict,
    root: Path = matrix.ROOT,
    said: set[str] | None = None,
) -> str:
    """The page's Markdown with a versions block under each example it includes. `said`: the
    examples whose missing row the log has named in this build (once, not per language)."""
    said = set() if said is None else said
    lang = language_of(src_uri)

    def add_note(match: re.Match) -> str:
        include = INCLUDE.fullmatch(match["body"].strip("\n"))
        if not include:  # code written in the page (a figure): no note
            return match[0]
        example = include["path"]
        text = compat.note(example, lang, data, root, current=current)
        if text is None:
            if example not in said:
                said.add(example)
                log.info(f"{example}: no current row in data/matrix.json, no compatibility note")
            return match[0]
        return f'{match[0]}\n\n{match["indent"]}<span class="mx-versions" data-example="{example}"></span>\n'

    return FENCE.sub(add_note, markdown)


def add_data(content: str, page, files, data: dict, current: dict, root: Path = matrix.ROOT) -> str:
    """The page's HTML with each marker (and its note, where some release differs), and the
    releases' results of its examples, for docs/assets/releases.js."""
    lang = language_of(page.file.src_uri)

    def marker(match: re.Match) -> str:
        example, body = match["example"], ""
        if compat.differs(example, current):
            text = compat.note(example, lang, data, root, current=current)
            # Inline code (`...`) in the reason, as HTML.
            body = re.sub(
                r"`([^`]+)`", lambda m: f"<code>{m[1]}</code>", html.escape(text, quote=False)
            )
            body = f'<p class="mx-note">{body}</p>'
        return f'<div class="mx-versions" data-example="{example}">{body}</div>'

    content = SPOT.sub(marker, content)
    examples = [m["example"] for m in MARKER.finditer(content)]
    if not examples:
        return content
    found = compat.page_data(examples, lang, data, current, data.get("outputs", {}), root)
    versions = files.get_file_from_path(f"versions/index.{lang}.md")
    if versions:  # the paragraph that explains the choice
        found["about"] = f"{versions.url_relative_to(page.file)}#my-pytorch"
    # In a script element nothing is markup but "</script": no "<" at all, then.
    text = json.dumps(found, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'{content}\n<script type="application/json" id="mx-data">{text}</script>\n'
