"""MkDocs hook: under each example a page includes, what the other PyTorch releases do.

From data/matrix.json (gradsite/compat.py), in the page's language; the chapter
pages themselves are not edited:

* after each included example, a `<div class="mx-versions">` naming it, holding
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

from gradsite import compat, matrix

log = logging.getLogger("mkdocs.hooks.gradsite")

# A fence that runs a snippet, up to its closing fence.
FENCE = re.compile(
    r'^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?:python|py)\b[^\n]*exec="(?:on|1|true)"[^\n]*\n'
    r'[ \t]*--8<-- "(?P<example>snippets/[^"]+\.py)"[ \t]*\n(?P=indent)(?P=fence)[ \t]*$',
    re.M,
)
MARKER = re.compile(r'<div class="mx-versions" data-example="(?P<example>snippets/[^"]+\.py)">')
_data: dict = {}  # matrix.load(): each release's records, and "outputs", the texts by hash
_current: dict = {}  # compat.rows(_data): read in on_pre_build, as the snippets are at build time


def on_config(config):
    _data.clear()
    _data.update(matrix.load())
    return config


def on_pre_build(config):
    _current.clear()
    _current.update(compat.rows(_data))


def _lang(page) -> str:
    return "en" if page.file.src_uri.endswith(".en.md") else "zh"


def on_page_markdown(markdown, page, config, files):
    lang = _lang(page)

    def add_note(match: re.Match) -> str:
        example = match["example"]
        text = compat.note(example, lang, _data, current=_current)
        if text is None:
            log.info(f"{example}: no current row in data/matrix.json, no compatibility note")
            return match[0]
        body = ""
        if compat.differs(example, _current):
            # Inline code (`...`) in the reason, as HTML: this block is raw HTML.
            body = re.sub(r"`([^`]+)`", lambda m: f"<code>{m[1]}</code>", html.escape(text, quote=False))
            body = f'<p class="mx-note">{body}</p>'
        return f'{match[0]}\n\n{match["indent"]}<div class="mx-versions" data-example="{example}">{body}</div>\n'

    return FENCE.sub(add_note, markdown)


def on_page_content(content, page, config, files):
    examples = [m["example"] for m in MARKER.finditer(content)]
    if not examples:
        return content
    lang = _lang(page)
    data = compat.page_data(examples, lang, _data, _current, _data.get("outputs", {}))
    versions = files.get_file_from_path(f"versions/index.{lang}.md")
    if versions:  # the paragraph that explains the choice
        data["about"] = f"{versions.url_relative_to(page.file)}#my-pytorch"
    # In a script element nothing is markup but "</script": no "<" at all, then.
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'{content}\n<script type="application/json" id="mx-data">{text}</script>\n'
