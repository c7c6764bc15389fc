"""The build log says each thing once, and its last line counts what it said (jobs of
gradsite/hooks.py). markdown-exec's repeat of a failing block, after the runner's own report, is
dropped. MkDocs' strict "Aborted with N errors" counts only the build that raises it, with
mkdocs-static-i18n the last language's (2 errors in zh and 1 in en read "1 errors"): it is
rewritten with the whole build's count. `failed_so_far` tells the downloads not to be made.
"""

from __future__ import annotations

import logging

from markdown_exec import base_format
from mkdocs.exceptions import Abort
from mkdocs.utils import CountHandler

# The logger markdown-exec's formatter writes to (its MkDocs plugin prefixes the names).
MARKDOWN_EXEC = f"mkdocs.plugins.{base_format.__module__}"


def _not_a_repeat(record: logging.LogRecord) -> bool:
    return "Execution of python code block" not in record.getMessage()


def quiet_markdown_exec() -> None:
    """Drop markdown-exec's repeat of a failing block (the runner has reported it)."""
    logger = logging.getLogger(MARKDOWN_EXEC)
    if _not_a_repeat not in logger.filters:
        logger.addFilter(_not_a_repeat)


class BuildCount(CountHandler):
    """Every warning and error of one whole build."""


def count_from_here() -> None:
    """A new build starts (its first language): count from zero."""
    logger = logging.getLogger("mkdocs")
    for handler in [h for h in logger.handlers if isinstance(h, BuildCount)]:
        logger.removeHandler(handler)  # a previous build's (a `make serve` rebuild)
    counter = BuildCount()
    counter.setLevel(logging.WARNING)
    logger.addHandler(counter)


def honest_abort(error: Exception) -> None:
    """Rewrite a strict abort's count with the whole build's."""
    counters = [h for h in logging.getLogger("mkdocs").handlers if isinstance(h, BuildCount)]
    if not (isinstance(error, Abort) and counters and "in strict mode" in error.message):
        return
    counts = counters[0].get_counts()
    said = ", ".join(f"{n} {level.lower()}{'s' if n != 1 else ''}" for level, n in counts)
    if said:
        error.message = f"Aborted with {said} in strict mode!"


def failed_so_far() -> bool:
    """Whether this strict build has logged a warning or an error: it fails, and a notebook or
    PDF of pages without their outputs would only add noise to the failure's report."""
    return any(
        isinstance(handler, CountHandler) and handler.get_counts()
        for handler in logging.getLogger("mkdocs").handlers
    )
