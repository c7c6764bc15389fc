"""Under each example a page includes, one line on the releases it runs on
(a job of gradsite/hooks.py, on each page's Markdown).

The line comes from data/matrix.json (gradsite/compat.py), in the page's
language; the chapter pages themselves are not edited. An example the matrix
has no current row for gets no line, and the build says so at info level
(`make test` fails on it: tests/test_matrix.py).
"""

from __future__ import annotations

import html
import logging
import re
from pathlib import Path

from gradsite import compat, matrix
from gradsite.project import FENCE, INCLUDE, language_of

log = logging.getLogger("mkdocs.hooks.gradsite")


def load() -> tuple[dict, dict]:
    """data/matrix.json, and its current rows (compat.rows): read once per build, as the
    snippets are at build time."""
    data = matrix.load()
    return data, compat.rows(data)


def add_notes(
    markdown: str, src_uri: str, data: dict, current: dict, root: Path = matrix.ROOT
) -> str:
    """The page's Markdown with a note under each example it includes."""
    lang = language_of(src_uri)

    def add_note(match: re.Match) -> str:
        include = INCLUDE.fullmatch(match["body"].strip("\n"))
        if not include:  # code written in the page (a figure): no note
            return match[0]
        example = include["path"]
        text = compat.note(example, lang, data, root, current=current)
        if text is None:
            log.info(f"{example}: no current row in data/matrix.json, no compatibility note")
            return match[0]
        # Inline code (`...`) in the reason, as HTML: this paragraph is raw HTML.
        body = re.sub(
            r"`([^`]+)`", lambda m: f"<code>{m[1]}</code>", html.escape(text, quote=False)
        )
        return f'{match[0]}\n\n{match["indent"]}<p class="mx-note">{body}</p>\n'

    return FENCE.sub(add_note, markdown)
