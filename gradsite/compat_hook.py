"""MkDocs hook: under each example a page includes, one line on the releases it runs on.

The line comes from data/matrix.json (gradsite/compat.py), in the page's
language; the chapter pages themselves are not edited. An example the matrix
has no current row for gets no line, and the build says so at info level
(`make test` fails on it: tests/test_matrix.py).
"""

from __future__ import annotations

import html
import logging
import re

from gradsite import compat, matrix

log = logging.getLogger("mkdocs.hooks.gradsite")

# A fence that runs a snippet, up to its closing fence.
FENCE = re.compile(
    r'^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?:python|py)\b[^\n]*exec="(?:on|1|true)"[^\n]*\n'
    r'[ \t]*--8<-- "(?P<example>snippets/[^"]+\.py)"[ \t]*\n(?P=indent)(?P=fence)[ \t]*$',
    re.M,
)
_data: dict = {}
_current: dict = {}  # compat.rows(_data): read in on_pre_build, as the snippets are at build time


def on_config(config):
    _data.clear()
    _data.update(matrix.load())
    return config


def on_pre_build(config):
    _current.clear()
    _current.update(compat.rows(_data))


def on_page_markdown(markdown, page, config, files):
    lang = "en" if page.file.src_uri.endswith(".en.md") else "zh"

    def add_note(match: re.Match) -> str:
        text = compat.note(match["example"], lang, _data, current=_current)
        if text is None:
            log.info(f"{match['example']}: no current row in data/matrix.json, no compatibility note")
            return match[0]
        # Inline code (`...`) in the reason, as HTML: this paragraph is raw HTML.
        body = re.sub(r"`([^`]+)`", lambda m: f"<code>{m[1]}</code>", html.escape(text, quote=False))
        return f'{match[0]}\n\n{match["indent"]}<p class="mx-note">{body}</p>\n'

    return FENCE.sub(add_note, markdown)
