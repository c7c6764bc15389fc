"""`make serve` after a failed rebuild: the pages show the errors, no request waits.

MkDocs' live-reload server holds every request until a rebuild passes: after a failed one the page
load hangs and only the terminal says why. Wrapped here (gradsite/hooks.py, on_serve), a failed
rebuild ends like a passed one (browsers reload): the pages it wrote are served with its errors in
a box at their top (a failing example shows its traceback as its output), any other gets a page of
the errors, until a rebuild passes. The box is for the author, in the log's language (English):
`make build` never makes it.
"""

from __future__ import annotations

import html
import logging
from pathlib import Path

log = logging.getLogger("mkdocs.hooks.gradsite")

BOX = (
    '<div id="gs-build-failed" style="position:sticky;top:0;z-index:10000;max-height:60vh;'
    "overflow:auto;margin:0;padding:.8em 1em;background:#fff3f0;color:#600;"
    'border-bottom:3px solid #c00;font:14px/1.4 monospace">'
    "<strong>The last rebuild failed</strong> (make serve): fix what the log says, save, and this "
    'page reloads.<pre style="white-space:pre-wrap;margin:.5em 0 0">{errors}</pre></div>'
)
# Asks again every 2 s: once a rebuild passes, the page comes back.
PAGE = (
    '<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">'
    "<title>Build failed</title></head><body>{box}</body></html>"
)


class _Errors(logging.Handler):
    """The warnings and errors MkDocs logs during one rebuild."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def box(errors: list[str]) -> str:
    return BOX.format(errors=html.escape("\n\n".join(errors)))


def _mark_pages(root: Path, errors: list[str]) -> None:
    """Put the errors at the top of every page the failed rebuild wrote."""
    top = box(errors)
    for page in root.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        start = text.find("<body")
        end = text.find(">", start) + 1 if start >= 0 else 0
        page.write_text(text[:end] + top + text[end:], encoding="utf-8")


def show_failures(server):
    """Wrap the live-reload server's rebuild and error pages (gradsite/hooks.py, on_serve)."""
    rebuild, not_found = server.builder, server.error_handler
    failed: list[str] = []  # the last rebuild's errors; empty once one passes

    def builder(config=None):
        errors = _Errors()
        logging.getLogger("mkdocs").addHandler(errors)
        try:
            rebuild(config)
        except Exception as error:  # noqa: BLE001 - shown on the pages, then serving goes on
            failed[:] = [*errors.messages, str(error)]
            _mark_pages(Path(server.root), failed)
            log.error("the rebuild failed: the served pages show its errors until a rebuild passes")
        else:
            failed.clear()
        finally:
            logging.getLogger("mkdocs").removeHandler(errors)

    def error_page(code: int) -> bytes | None:
        return PAGE.format(box=box(failed)).encode() if failed else not_found(code)

    server.builder, server.error_handler = builder, error_page
    return server
