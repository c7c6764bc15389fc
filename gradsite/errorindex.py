"""The error-message index (docs/errors/): a heading marked `{#id .gs-error}`, followed by the one
example that raises or warns, is replaced, in the page and its table of contents, by the first
sentence of the first `…Error: …` or `…Warning: …` line the example printed at this build. No
message is typed, and search, which indexes the rendered heading, finds the entry by the message's
first words. An entry without an example, or whose example printed no such line, fails the build.
(Jobs of gradsite/hooks.py: `entries` in on_page_markdown, `headings` in on_page_content.)
"""

from __future__ import annotations

import html
import logging
import re

from gradsite.pages import Fence
from gradsite.runner import Context

log = logging.getLogger("mkdocs.hooks.gradsite")

MARK = "gs-error"
_ENTRY = re.compile(
    r"^#{2,6}[ \t].*?\{[^}\n]*#(?P<id>[\w-]+)[^}\n]*\." + MARK + r"\b[^}\n]*\}[ \t]*$", re.M
)
# The message line an example prints: `RuntimeError: …`, `UserWarning: …` (indent allowed).
MESSAGE = re.compile(r"^[ \t]*(?P<line>\w*(?:Error|Warning|Exception): .+)$", re.M)
# The first sentence ends at a period before a space or a capital (PyTorch sometimes
# omits the space), or where a message starts listing tensors (`…operation: [torch.…`).
_SENTENCE_END = re.compile(r"(?<=\.)(?=\s|[A-Z])|(?=: \[)")


def entries(markdown: str, fences: list[Fence]) -> dict[str, str]:
    """{heading id: the snippet its entry includes} for every `.gs-error` heading of a page
    (`fences`: the page's, gradsite/pages.py)."""
    marks = list(_ENTRY.finditer(markdown))
    ends = [m.start() for m in marks[1:]] + [len(markdown)]
    return {
        m["id"]: next((f.include for f in fences if m.end() <= f.start < end and f.include), "")
        for m, end in zip(marks, ends)
    }


def first_sentence(output: str) -> str | None:
    """`RuntimeError: Trying to backward … a second time (…freed).` from an example's output."""
    message = MESSAGE.search(output)
    if not message:
        return None
    line = message["line"].strip()
    kind, _, text = line.partition(": ")
    end = _SENTENCE_END.search(text)
    return f"{kind}: {text[: end.start()] if end else text}".rstrip()


def headings(page_html: str, page, found: dict[str, str], context: Context) -> str:
    """Each entry's heading (and its table-of-contents line) becomes its example's message."""
    where = f"docs/{page.file.src_uri}"
    titles = {}
    for anchor, snippet in found.items():
        if not snippet:
            log.error(f"{where}: error entry #{anchor} includes no example")
            continue
        result = context.result(snippet)
        if result is None or result.failure:
            continue  # the example failed: the runner has reported it
        title = first_sentence(result.output)
        if not title:
            log.error(
                f"{where}: error entry #{anchor}: {snippet} printed no 'SomethingError: …' or "
                "'SomethingWarning: …' line to title it"
            )
            continue
        titles[anchor] = title
    for anchor, title in titles.items():
        pattern = re.compile(
            rf'(?P<open><h(?P<level>[2-6])\b[^>]*\bid="{re.escape(anchor)}"[^>]*>)'
            rf'(?P<text>.*?)(?P<link><a class="headerlink"[^>]*>.*?</a></h(?P=level)>)',
            re.S,
        )
        shown = html.escape(title, quote=False)
        page_html, count = pattern.subn(lambda m, t=shown: m["open"] + t + m["link"], page_html, 1)
        if not count:
            log.error(f"{where}: error entry #{anchor}: no heading with that id in the page")
    _retitle(page.toc, titles)
    return page_html


def _retitle(toc, titles: dict[str, str]) -> None:
    for item in toc or []:
        if item.id in titles:
            item.title = titles[item.id]
        _retitle(item.children, titles)
