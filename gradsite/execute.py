"""Run the site's Python examples while MkDocs builds the pages.

markdown-exec finds the ```python exec="on"``` fences and renders them; this
module replaces only its *run* step, to add what the site promises:

* a failure names the snippet file and line, the page and the language;
* an example runs once per build: the zh build runs it, the en build reuses
  the output (mkdocs-static-i18n builds each language in the same process);
* nothing an example does leaks: every run gets fresh globals, and stray
  warnings or stderr output fail the build like an exception would.

Every example is a complete program (no markdown-exec sessions), so it can
run on its own, be copied by a reader, and be cached by its text alone.
"""

from __future__ import annotations

import hashlib
import io
import linecache
import logging
import platform
import traceback
import warnings
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

import torch
from markdown_exec import ExecutionError, base_format, code_block

PACKAGE = Path(__file__).resolve().parent

log = logging.getLogger("mkdocs.hooks.gradsite")


@dataclass
class BuildState:
    """What the running build is doing; set by gradsite/hooks.py."""

    root: Path = PACKAGE.parent  # the folder of mkdocs.yml, set by on_config
    page: str = "?"
    language: str = "?"
    outputs: dict[str, str] = field(default_factory=dict)
    executions: int = 0


state = BuildState()


def _cache_key(code: str) -> str:
    """Everything that can change an example's output, except what it reads."""
    digest = hashlib.sha256()
    for part in (code, torch.__version__, platform.python_version()):
        digest.update(part.encode())
        digest.update(b"\0")
    # Examples may call helpers from this package: their source is an input too.
    for helper in sorted(PACKAGE.glob("*.py")):
        digest.update(helper.read_bytes())
    return digest.hexdigest()


def origin_of(code: str) -> str:
    """The snippet file whose whole text is this code, or the page's own block."""
    wanted = code.strip()
    for path in sorted((state.root / "snippets").rglob("*.py")):
        if path.read_text(encoding="utf-8").strip() == wanted:
            return path.relative_to(state.root).as_posix()
    return f"docs/{state.page} (code written in the page)"


def _failure_line(error: BaseException, origin: str) -> int | None:
    if isinstance(error, SyntaxError) and error.filename == origin:
        return error.lineno
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == origin]
    return frames[-1].lineno if frames else None


def run_python(code: str, returncode: int | None = None, session: str | None = None, **extra) -> str:
    """Run one example and return what it printed (markdown-exec's `run` step)."""
    where = f"page docs/{state.page}, language {state.language}"
    if session:
        log.error(f"{where}: session='{session}' is not allowed: every example must be a complete program")
        raise ExecutionError(code_block("text", "markdown-exec sessions are disabled on this site"))

    key = _cache_key(code)
    if key in state.outputs:
        return state.outputs[key]

    origin = origin_of(code)
    # Let tracebacks quote the example's lines, whatever file they came from.
    linecache.cache[origin] = (len(code), None, code.splitlines(keepends=True), origin)
    stdout, stderr = io.StringIO(), io.StringIO()
    namespace = {"__name__": "__main__", "__file__": str(state.root / origin)}
    state.executions += 1
    try:
        with redirect_stdout(stdout), redirect_stderr(stderr), warnings.catch_warnings(record=True) as stray:
            warnings.simplefilter("always")  # report every warning, not only the first per line
            exec(compile(code, origin, "exec"), namespace)  # noqa: S102 - running examples is the point
        leaked = [f"{w.category.__name__}: {w.message}" for w in stray] + stderr.getvalue().splitlines()
        if leaked:
            raise RuntimeError(
                "the example let output escape to stderr or the warnings system; "
                "catch and print what it means to show:\n  " + "\n  ".join(leaked)
            )
    except Exception as error:  # noqa: BLE001 - every failure must be reported, then rendered
        line = _failure_line(error, origin)
        position = f"{origin}:{line}" if line else origin
        summary = "".join(traceback.format_exception_only(error)).strip()
        failing = code.splitlines()[line - 1].strip() if line else ""
        log.error(f"{position}: example failed on {where}\n  {failing}\n  {summary}")
        raise ExecutionError(code_block("pytb", "".join(traceback.format_exception(error)))) from error

    output = stdout.getvalue()
    state.outputs[key] = output
    return output


def format_python(**kwargs) -> str:
    """markdown-exec formatter for python fences, using `run_python`."""
    return base_format(language="python", run=run_python, **kwargs)
