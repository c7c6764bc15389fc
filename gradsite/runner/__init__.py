"""Run the site's Python examples while MkDocs builds the pages: markdown-exec renders the
```python exec="on"``` fences, this package is only their *run* step, to add what the site
promises (CONTRIBUTING.md, "How the build fails"): a failure names the snippet's file and line,
the page and the language, with what the example printed before it; an example runs once per
build (the zh build runs it; the en build, in the same process with mkdocs-static-i18n, and a
figure drawing it reuse its output, or its failure's report); examples are isolated
(isolation.py); an escaping warning, stderr output, an unstable output (project.unstable) and
the time and output limits (project.py) fail an example, at its line.

Configured, not patched: mkdocs.yml declares the python fences as pymdownx.superfences custom
fences with `format: fence_format` (markdown-exec's documented use without its plugin) and lists
this package as the Markdown extension through which gradsite/hooks.py hands each page the
build's `Context`. Which snippet a block runs is told, not guessed: the hooks give a fence whose
body is one `--8<--` include a `snippet` option.

Outputs live in the Context under a key of all they depend on (keys.py); GRADSITE_CACHE=<folder>
also keeps them on disk across builds and processes (`make serve`, `make build`'s offline copy);
GRADSITE_NO_EXEC=1 runs nothing and renders a placeholder (`make bench` only). Failures are
never kept past their build."""

from __future__ import annotations

import contextvars
import functools
import io
import json
import linecache
import logging
import os
import sys
import time
import traceback
from contextlib import contextmanager, nullcontext, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

from markdown import Extension
from markdown_exec import ExecutionError, base_format, code_block

from gradsite import project
from gradsite.runner.isolation import CappedOutput, NoInput, isolated, time_limit
from gradsite.runner.keys import cache_key, changed_sources, named_files

__all__ = ["Context", "ExampleFailed", "Result", "changed_sources", "named_files", "run_python"]

DISK_CACHE = "GRADSITE_CACHE"
NO_EXEC = "GRADSITE_NO_EXEC"
PLACEHOLDER = "(not run: GRADSITE_NO_EXEC is set)\n"

log = logging.getLogger("mkdocs.hooks.gradsite")


@dataclass
class Failure:
    """How an example failed: its file and line, the report's lines after the first (the
    failing line, the error, what it printed before), and what the page shows instead."""

    origin: str
    line: int | None
    details: str
    shown: str

    def __str__(self) -> str:
        return (f"{self.origin}:{self.line}" if self.line else self.origin) + self.details


@dataclass
class Result:
    """One example's run in this build: what it printed (before failing, for a failure), how it
    failed, and, when it ran in this process, its code and its globals (a figure draws them)."""

    output: str
    failure: Failure | None = None
    code: str | None = None
    namespace: dict | None = None
    recorded: object = None  # what Context.recorders[snippet] recorded of the run


@dataclass
class Context:
    """What the build tells the runner and what the runner keeps for it: one per build, shared
    by both languages (and, through GRADSITE_CACHE, the offline copy's build). It reaches code
    passed (gradsite/hooks.py keeps it in its Site; the fences get it as `md.gradsite_context`,
    a superfences format gets nothing else) or, for code an example calls (a figure block's
    gradsite.pictures, given no argument by the page), as `Context.current()` during one run."""

    root: Path = project.ROOT  # the project folder (docs/ and snippets/)
    page: str = "?"  # docs/-relative source of the page being rendered
    language: str = "?"
    isolate: bool = True  # put back process-wide state after each example (off: to prove it)
    results: dict[str, Result] = field(default_factory=dict)  # key -> this build's result
    latest: dict[str, str] = field(default_factory=dict)  # snippet or page code -> its last key
    # snippet -> a context manager its run is made in, kept in its Result: a figure drawing the
    # example (gradsite/pictures) needs no second run to see how it ran
    recorders: dict = field(default_factory=dict)
    executions: int = 0  # examples run in this process (failures included)
    reused: int = 0  # blocks rendered from a kept output
    reported: tuple[int, int] = (0, 0)  # (executions, reused) at the last summary()

    def result(self, snippet: str) -> Result | None:
        """`snippet`'s (or page code's) result in this build, run or kept; None before it."""
        key = self.latest.get(snippet.strip())
        return self.results.get(key) if key else None

    @staticmethod
    def current() -> Context | None:
        """The Context of the example running now; None outside the runner."""
        return _running.get()

    def _disk(self, key: str) -> Path | None:
        folder = os.environ.get(DISK_CACHE)
        return self.root / folder / f"{key}.json" if folder else None

    def kept(self, key: str) -> Result | None:
        """This build's result under `key`, or an output kept on disk, else None."""
        path = self._disk(key)
        if key not in self.results and path and path.is_file():
            self.results[key] = Result(json.loads(path.read_text(encoding="utf-8")))
        return self.results.get(key)

    def keep(self, key: str, result: Result) -> None:
        self.results[key] = result
        path = self._disk(key)
        if path and not result.failure:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(f"{path.name}.{os.getpid()}")  # another process may read
            partial.write_text(json.dumps(result.output), encoding="utf-8")
            partial.replace(path)


_running: contextvars.ContextVar[Context | None] = contextvars.ContextVar(
    "gradsite_running", default=None
)


@contextmanager
def telling(context: Context):
    """Code run inside this block sees `context` as Context.current()."""
    token = _running.set(context)
    try:
        yield context
    finally:
        _running.reset(token)


class ExampleFailed(Exception):  # noqa: N818 - named for the message an author reads
    """An example that failed earlier in this build, asked for again (by a figure that draws it)."""


def execute(code: str, origin: str, stdout: io.StringIO, context: Context, recorder=None) -> dict:
    """Run the code as a program named `origin` (in `recorder`); fail on stderr, unstable output."""
    namespace = {"__name__": "__main__", "__file__": str(context.root / origin)}
    stderr, stdin = io.StringIO(), sys.stdin
    sys.stdin = NoInput()
    try:
        with (
            telling(context),
            isolated() if context.isolate else nullcontext(),
            time_limit(project.limit(project.TIME_LIMIT)),
            redirect_stdout(stdout),
            redirect_stderr(stderr),
            recorder or nullcontext(),
        ):
            exec(compile(code, origin, "exec"), namespace)  # noqa: S102 - running examples is the point
    finally:
        sys.stdin = stdin
    if stderr.getvalue():
        raise RuntimeError(
            "the example wrote to stderr; print what it means to show:\n" + stderr.getvalue()
        )
    found = project.unstable(stdout.getvalue(), str(context.root))
    if found:
        raise RuntimeError(
            "the output changes from one run or machine to the next; print something stable instead of:\n  "
            + "\n  ".join(found)
        )
    return namespace


def _failure(error: BaseException, code: str, origin: str, printed: str) -> Failure:
    """The report of a failed run (the failing line, the error, what it printed before), and what
    the page shows: that output, then the traceback without the runner's own frames."""
    frames = traceback.extract_tb(error.__traceback__)
    lines = [f.lineno for f in frames if f.filename == origin]
    if isinstance(error, SyntaxError) and error.filename == origin:
        lines = [error.lineno]
    line = lines[-1] if lines else None
    failing = code.splitlines()[line - 1].strip() if line else ""
    exception = "".join(traceback.format_exception_only(error))
    printed = printed[-2000:]
    so_far = ["\n  printed before it failed:", *printed.splitlines()] if printed else []
    own = str(Path(__file__).parent)
    shown = traceback.format_list([f for f in frames if not f.filename.startswith(own)])
    shown = "".join(["Traceback (most recent call last):\n", *shown, exception])
    details = f"\n  {failing}\n  {exception.strip()}" + "\n    ".join(so_far)
    return Failure(origin, line, details, (printed + "\n" if printed else "") + shown)


def _run(code: str, origin: str, context: Context, snippet: str | None) -> Result:
    """Run one example in this process, timed; its Result (a failure too)."""
    # Let tracebacks quote the example's lines, whatever file they came from.
    linecache.cache[origin] = (len(code), None, code.splitlines(keepends=True), origin)
    context.executions += 1
    stdout = CappedOutput(int(project.limit(project.OUTPUT_LIMIT)))
    started = time.monotonic()
    recorder = context.recorders[snippet]() if snippet in context.recorders else None
    try:
        namespace = execute(code, origin, stdout, context, recorder)
    except (Exception, SystemExit) as error:  # noqa: BLE001 - every failure is reported, then rendered
        return Result(stdout.getvalue(), _failure(error, code, origin, stdout.getvalue()), code)
    seconds = time.monotonic() - started
    if seconds > project.limit(project.SLOW):  # said at info level: it does not fail the build
        log.info(
            f"{origin}: slow example, {seconds:.1f} s (over {project.limit(project.SLOW):g} s, "
            f"{project.SLOW[0]}): every build pays it, and every test run of it; make it faster if it can"
        )
    return Result(stdout.getvalue(), None, code, namespace if snippet else None, recorder)


def run_python(
    code: str, context: Context, *, session: str | None = None, snippet: str | None = None, **extra
) -> str:
    """Run one example and return what it printed (markdown-exec's `run` step). `snippet`: the
    file the block includes (gradsite/hooks.py sets it), None for code written in the page."""
    if session:
        log.error(
            f"page docs/{context.page}, language {context.language}: session='{session}' is "
            "not allowed: every example must be a complete program"
        )
        raise ExecutionError(code_block("text", "markdown-exec sessions are disabled on this site"))
    if os.environ.get(NO_EXEC):
        return PLACEHOLDER
    key = cache_key(code, snippet, context.root, context.language)
    result = context.kept(key)
    if result is None:
        origin = snippet or f"docs/{context.page} (code written in the page)"
        context.keep(key, result := _run(code, origin, context, snippet))
    else:
        context.reused += 1
    context.latest[snippet or code.strip()] = key
    if failure := result.failure:
        where = project.failure(failure.origin, failure.line, context.page, context.language)
        log.error(where + failure.details)
        raise ExecutionError(code_block("pytb", failure.shown))
    return result.output


def summary(context: Context) -> str:
    """Examples run and reused since the last summary (one line per language build)."""
    if os.environ.get(NO_EXEC):
        return f"examples not run ({NO_EXEC} is set): outputs are placeholders"
    ran, reused = context.executions - context.reported[0], context.reused - context.reported[1]
    context.reported = (context.executions, context.reused)
    return f"examples, language {context.language}: {ran} run, {reused} reused"


def fence_format(source: str, language: str, css_class: str, options: dict, md, **kwargs) -> str:
    """The python fences' `format` (mkdocs.yml): markdown-exec's rendering, `run_python` its run
    step. The `snippet` option goes to the runner, not the page. The whole file runs; the page
    shows its recipe (transform_source: what runs, what is rendered), and gradsite/hooks.py
    folds its checks away under it."""
    options = dict(options)
    extra = dict(options.pop("extra", None) or {})
    snippet = extra.pop("snippet", None)
    run = functools.partial(run_python, context=md.gradsite_context, snippet=snippet)
    if snippet:
        options["transform_source"] = lambda code: (code, project.split_example(code).recipe)
    return base_format(language="python", run=run, code=source, md=md, extra=extra, **options)


class RunnerExtension(Extension):
    """Gives every page's Markdown the build's Context (the hook sets `context` in on_config)."""

    def __init__(self, **kwargs):
        # Not None: Python-Markdown would read a None default's value as a boolean.
        self.config = {"context": ["", "the build's gradsite.runner.Context"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md):  # noqa: N802 - Python-Markdown's name
        md.gradsite_context = self.getConfig("context") or Context()


def makeExtension(**kwargs):  # noqa: N802 - the name Python-Markdown looks for
    return RunnerExtension(**kwargs)
