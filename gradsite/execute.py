"""Run the site's Python examples while MkDocs builds the pages.

markdown-exec finds the ```python exec="on"``` fences and renders them; this
module replaces only its *run* step, to add what the site promises:

* a failure names the snippet file and line, the page and the language, and
  shows what the example printed before it failed;
* an example runs once per build: the zh build runs it, the en build reuses
  the output (mkdocs-static-i18n builds each language in the same process);
* examples are isolated: fresh globals, and torch's process-wide state (grad
  mode, default dtype, random generators, flags, threads) is put back after
  each one, and the random generators start as in a fresh interpreter;
* a warning that escapes an example fails it at the line that raised it, and
  so does output on stderr, an address, temporary path or time in the output,
  an example that runs longer than the time limit or prints more than the
  output limit (gradsite/project.py; both can be raised by environment).

The route from a page to this runner is configured, not patched: mkdocs.yml
declares the python fences as pymdownx.superfences custom fences whose `format`
is `fence_format` below (markdown-exec's documented use without its plugin), and
lists this module as a Markdown extension, through which gradsite/hooks.py hands
every page's Markdown the build's `Context` (root, page, language, outputs).
Which snippet a block runs is told, not guessed: gradsite/hooks.py gives a
fence whose body is one `--8<--` include a `snippet` option, read here.

A failure is run once per build: the other language's page, and a figure that
draws the same example (gradsite/pictures.py), get its report (the failing line,
the error, what it printed before) without running it again.

The key of an output covers everything it depends on: the code, where it comes
from, the content of every project file its code names in a string literal
(a figure block names the snippet it draws), the installed packages, this
package's sources as loaded, and the language for code written in a page
(figure blocks word their pictures per language).

Outputs live in the build's Context (both languages of a build, and its offline
copy, share it). GRADSITE_CACHE=<folder> also keeps them on disk across builds
and processes (`make serve`); GRADSITE_NO_EXEC=1 runs nothing and renders a
placeholder (`make bench` only). Failures are never kept past their build.
"""

from __future__ import annotations

import contextvars
import ctypes
import functools
import hashlib
import io
import json
import linecache
import logging
import os
import platform
import random
import re
import signal
import sys
import threading
import time
import traceback
import warnings
from contextlib import contextmanager, nullcontext, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import torch
from markdown import Extension
from markdown_exec import ExecutionError, base_format, code_block

from gradsite import project

PACKAGE = Path(__file__).resolve().parent
DISK_CACHE = "GRADSITE_CACHE"
NO_EXEC = "GRADSITE_NO_EXEC"
PLACEHOLDER = "(not run: GRADSITE_NO_EXEC is set)\n"

log = logging.getLogger("mkdocs.hooks.gradsite")


@dataclass
class Context:
    """What the runner is told by the build (gradsite/hooks.py), and what it keeps for it."""

    root: Path = project.ROOT  # the project folder (docs/ and snippets/)
    page: str = "?"  # docs/-relative source of the page being rendered
    language: str = "?"
    # Put back process-wide state after each example (off only to prove it matters).
    isolate: bool = True
    outputs: dict[str, str] = field(default_factory=dict)  # key -> output
    failures: dict[str, tuple[str, str, int | None, str]] = field(default_factory=dict)
    # key -> (origin, report after the first line, line, shown): a failure, run once per build
    failed_code: dict[str, str] = field(default_factory=dict)  # key -> the code that failed
    executions: int = 0  # examples run in this process (failures included)
    reused: int = 0  # blocks rendered from a kept output
    examples: set[str] = field(default_factory=set)  # keys of the outputs served
    reported: tuple[int, int] = (0, 0)  # (executions, reused) at the last summary()
    # snippet path -> (code, globals) of its last successful run, so a figure that
    # draws an example need not run it again (gradsite/pictures.py).
    namespaces: dict[str, tuple[str, dict]] = field(default_factory=dict)


# The Context of the example running now, for code it calls (gradsite/pictures.py): set
# for the length of one run by run_python, and put back after it.
_running: contextvars.ContextVar[Context | None] = contextvars.ContextVar(
    "gradsite_running", default=None
)


def running() -> Context | None:
    """The Context of the example running now; None outside the runner."""
    return _running.get()


@contextmanager
def telling(context: Context):
    """Code run inside this block sees `context` as running() (the runner does it for each example)."""
    token = _running.set(context)
    try:
        yield context
    finally:
        _running.reset(token)


# --- the key ---------------------------------------------------------------------

_QUOTED_PATH = re.compile(r"""["']([\w.][\w./-]*)["']""")


def named_files(code: str, root: Path) -> list[str]:
    """Project files the code names in a string literal, e.g. "snippets/x/y.py"."""
    return sorted(
        {n for n in _QUOTED_PATH.findall(code) if ("/" in n or "." in n) and (root / n).is_file()}
    )


def _sources() -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(PACKAGE.glob("*.py"))
    }


_LOADED = _sources()  # this package's sources as this process imported them


def changed_sources() -> list[str]:
    """gradsite/*.py files edited since this process started (`make serve` must restart for them)."""
    now = _sources()
    return sorted(
        name for name in now.keys() | _LOADED.keys() if now.get(name) != _LOADED.get(name)
    )


@functools.cache
def _environment() -> str:
    """Interpreter, machine, installed distributions, and this package's sources as loaded.

    Computed once per process: a `make serve` session keeps running the gradsite code it
    started with, so its outputs are keyed by that code; a restart picks up an edit.
    """
    dists = sorted(f"{d.name}=={d.version}" for d in metadata.distributions())
    return "\n".join([platform.python_version(), platform.machine(), *dists, *_LOADED.values()])


def cache_key(code: str, origin: str | None, context: Context) -> str:
    files = named_files(code, context.root)
    parts = [
        code,
        origin or f"page code, language {context.language}",
        torch.__version__,
        _environment(),
    ]
    parts += [
        f"{name}:{hashlib.sha256((context.root / name).read_bytes()).hexdigest()}" for name in files
    ]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _disk(context: Context) -> Path | None:
    folder = os.environ.get(DISK_CACHE)
    return context.root / folder if folder else None


def _kept(key: str, context: Context) -> str | None:
    folder = _disk(context)
    if key not in context.outputs and folder and (folder / f"{key}.json").is_file():
        context.outputs[key] = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
    return context.outputs.get(key)


def kept(key: str, context: Context) -> str | None:
    """The output kept under `key` (this build's, or on disk), else None: how
    gradsite/errorindex.py reads what an example printed."""
    return _kept(key, context)


def _keep(key: str, text: str, context: Context) -> None:
    context.outputs[key] = text
    folder = _disk(context)
    if folder:
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f"{key}.json.{os.getpid()}"
        partial.write_text(json.dumps(text), encoding="utf-8")
        partial.replace(folder / f"{key}.json")


# --- isolation and limits ---------------------------------------------------------


class ExampleTimeout(Exception):  # noqa: N818 - named for the message an author reads
    def __init__(self, *args):
        super().__init__(
            *args or (f"the example ran longer than the time limit ({project.TIME_LIMIT[0]})",)
        )


class OutputLimit(Exception):  # noqa: N818
    pass


class _NoInput(io.StringIO):
    """stdin of an example: a build has no one to answer."""

    def read(self, *args):
        raise RuntimeError(
            "examples cannot read standard input: a build has no one to type an answer"
        )

    readline = read


class _CappedOutput(io.StringIO):
    """stdout of an example: printing past the limit fails at the line that prints."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def write(self, text: str) -> int:
        if self.tell() + len(text) > self.limit:
            raise OutputLimit(
                f"the example printed more than {self.limit} characters ({project.OUTPUT_LIMIT[0]})"
            )
        return super().write(text)


@contextmanager
def _time_limit(seconds: float):
    """Interrupt the example after `seconds`: by SIGALRM in the main thread (it also ends
    a sleep), else by raising in the running thread (mkdocs serve rebuilds in a thread)."""
    if threading.current_thread() is threading.main_thread():

        def alarm(signum, frame):
            raise ExampleTimeout(
                f"the example ran longer than {seconds:g} s ({project.TIME_LIMIT[0]})"
            )

        previous = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        return
    target, running = threading.get_ident(), threading.Event()
    running.set()

    def interrupt():
        if running.is_set():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(target), ctypes.py_object(ExampleTimeout)
            )

    timer = threading.Timer(seconds, interrupt)
    timer.start()
    try:
        yield
    finally:
        running.clear()
        timer.cancel()


_FRESH_RNG = torch.random.get_rng_state()  # torch's generator as a new interpreter has it
_SEED = 0  # Python's and numpy's generators, seeded the same before every example


@contextmanager
def _isolated():
    """Put back the process-wide state an example may change; start its generators afresh."""
    import numpy as np

    saved = (
        torch.is_grad_enabled(),
        torch.get_default_dtype(),
        torch.are_deterministic_algorithms_enabled(),
        torch.is_deterministic_algorithms_warn_only_enabled(),
        torch.is_anomaly_enabled(),
        torch.is_anomaly_check_nan_enabled(),
        torch.get_num_threads(),
        torch.is_warn_always_enabled(),
        os.getcwd(),
        list(sys.path),
        dict(os.environ),
    )
    rng = (torch.random.get_rng_state(), random.getstate(), np.random.get_state())
    torch.random.set_rng_state(_FRESH_RNG)
    random.seed(_SEED)
    np.random.seed(_SEED)
    try:
        with warnings.catch_warnings():  # filters are put back too
            warnings.simplefilter("error")  # an escaping warning fails where it is raised
            # ... except a DeprecationWarning raised inside a library, as Python's own
            # filters hide it from a program (torch.compile tracing an optimizer meets one).
            warnings.filterwarnings("ignore", category=DeprecationWarning)
            warnings.filterwarnings("error", category=DeprecationWarning, module="__main__")
            yield
    finally:
        (
            grad,
            dtype,
            deterministic,
            warn_only,
            anomaly,
            check_nan,
            threads,
            warn_always,
            cwd,
            path,
            environ,
        ) = saved
        torch.set_grad_enabled(grad)
        torch.set_default_dtype(dtype)
        if (
            torch.are_deterministic_algorithms_enabled(),
            torch.is_deterministic_algorithms_warn_only_enabled(),
        ) != (
            deterministic,
            warn_only,
        ):  # only when changed: the call imports torch._dynamo (a second)
            torch.use_deterministic_algorithms(deterministic, warn_only=warn_only)
        torch.autograd.set_detect_anomaly(anomaly, check_nan=check_nan)
        if torch.get_num_threads() != threads:
            torch.set_num_threads(threads)
        torch.set_warn_always(warn_always)
        os.chdir(cwd)
        sys.path[:] = path
        if dict(os.environ) != environ:
            os.environ.clear()
            os.environ.update(environ)
        torch.random.set_rng_state(rng[0])
        random.setstate(rng[1])
        np.random.set_state(rng[2])


# --- running ------------------------------------------------------------------------


def _failure_line(error: BaseException, origin: str) -> int | None:
    if isinstance(error, SyntaxError) and error.filename == origin:
        return error.lineno
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == origin]
    return frames[-1].lineno if frames else None


def _example_traceback(error: BaseException) -> str:
    """The traceback without the runner's own frames."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename != __file__]
    shown = "".join(traceback.format_list(frames)) if frames else ""
    return (
        "Traceback (most recent call last):\n"
        + shown
        + "".join(traceback.format_exception_only(error))
    )


def execute(code: str, origin: str, stdout: io.StringIO, context: Context) -> dict:
    """Run the code as a program named `origin`; fail on stderr output or a leak in stdout."""
    namespace = {"__name__": "__main__", "__file__": str(context.root / origin)}
    stderr, stdin = io.StringIO(), sys.stdin
    sys.stdin = _NoInput()
    isolation = _isolated() if context.isolate else nullcontext()
    time_limit = _time_limit(project.limit(project.TIME_LIMIT))
    try:
        with (
            telling(context),
            isolation,
            time_limit,
            redirect_stdout(stdout),
            redirect_stderr(stderr),
        ):
            exec(compile(code, origin, "exec"), namespace)  # noqa: S102 - running examples is the point
    finally:
        sys.stdin = stdin
    if stderr.getvalue():
        raise RuntimeError(
            "the example wrote to stderr; print what it means to show:\n" + stderr.getvalue()
        )
    found = project.leaks(stdout.getvalue().replace(str(context.root), "<project>"))
    if str(context.root) in stdout.getvalue():
        found.append(f"project path: {str(context.root)!r}")
    if found:
        raise RuntimeError(
            "the output changes from one run or machine to the next; print something stable instead of:\n  "
            + "\n  ".join(found)
        )
    return namespace


class ExampleFailed(Exception):  # noqa: N818 - named for the message an author reads
    """An example that failed earlier in this build, asked for again (by a figure that draws it)."""


def failed_earlier(snippet: str, code: str, context: Context) -> str | None:
    """How `snippet` failed, if it failed earlier in this build with this code, else None."""
    for key, (origin, details, line, _) in context.failures.items():
        if origin == snippet and context.failed_code[key].strip() == code.strip():
            return (f"{origin}:{line}" if line else origin) + details
    return None


def _report(context: Context, origin: str, line: int | None, details: str, shown: str):
    log.error(project.failure(origin, line, context.page, context.language) + details)
    return ExecutionError(code_block("pytb", shown))


def run_python(
    code: str, context: Context, *, session: str | None = None, snippet: str | None = None, **extra
) -> str:
    """Run one example and return what it printed (markdown-exec's `run` step).

    `snippet` is the file the block includes (set by gradsite/hooks.py); None for code
    written in the page.
    """
    where = f"page docs/{context.page}, language {context.language}"
    if session:
        log.error(
            f"{where}: session='{session}' is not allowed: every example must be a complete program"
        )
        raise ExecutionError(code_block("text", "markdown-exec sessions are disabled on this site"))
    if os.environ.get(NO_EXEC):
        return PLACEHOLDER

    key = cache_key(code, snippet, context)
    kept = _kept(key, context)
    if kept is not None:
        context.reused += 1
        context.examples.add(key)
        return kept
    if key in context.failures:  # failed earlier in this build: its report again, for this page
        origin, details, line, shown = context.failures[key]
        context.reused += 1
        raise _report(context, origin, line, details, shown)

    origin = snippet or f"docs/{context.page} (code written in the page)"
    # Let tracebacks quote the example's lines, whatever file they came from.
    linecache.cache[origin] = (len(code), None, code.splitlines(keepends=True), origin)
    context.executions += 1
    stdout = _CappedOutput(int(project.limit(project.OUTPUT_LIMIT)))
    started = time.monotonic()
    try:
        namespace = execute(code, origin, stdout, context)
    except (Exception, SystemExit) as error:  # noqa: BLE001 - every failure is reported, then rendered
        line = _failure_line(error, origin)
        summary = "".join(traceback.format_exception_only(error)).strip()
        failing = code.splitlines()[line - 1].strip() if line else ""
        printed = stdout.getvalue()[-2000:]
        so_far = (
            "\n  printed before it failed:\n    " + "\n    ".join(printed.splitlines())
            if printed
            else ""
        )
        details = f"\n  {failing}\n  {summary}{so_far}"
        shown = (printed + "\n" if printed else "") + _example_traceback(error)
        context.failures[key] = (origin, details, line, shown)
        context.failed_code[key] = code
        raise _report(context, origin, line, details, shown) from error

    _say_if_slow(origin, time.monotonic() - started)
    text = stdout.getvalue()
    if snippet:
        context.namespaces[snippet] = (code, namespace)
    _keep(key, text, context)
    context.examples.add(key)
    return text


def _say_if_slow(origin: str, seconds: float) -> None:
    """Name an example slower than project.SLOW in the log (info: it does not fail the build)."""
    if seconds > project.limit(project.SLOW):
        log.info(
            f"{origin}: slow example, {seconds:.1f} s (over {project.limit(project.SLOW):g} s, "
            f"{project.SLOW[0]}): every build pays it, and every test run of it; make it faster if it can"
        )


def summary(context: Context) -> str:
    """Examples run and reused since the last summary (one line per language build)."""
    if os.environ.get(NO_EXEC):
        return f"examples not run ({NO_EXEC} is set): outputs are placeholders"
    ran, reused = context.executions - context.reported[0], context.reused - context.reported[1]
    context.reported = (context.executions, context.reused)
    return f"examples, language {context.language}: {ran} run, {reused} reused"


def fence_format(source: str, language: str, css_class: str, options: dict, md, **kwargs) -> str:
    """The `format` of the python fences (pymdownx.superfences custom fences, mkdocs.yml):
    markdown-exec's rendering, with `run_python` as its run step and the build's Context
    (given to the page's Markdown by `RunnerExtension`).

    The fence's `snippet` option (gradsite/hooks.py) goes to the runner only, not to the page.
    An example's whole file runs; the page shows its recipe (project.split_example), and
    gradsite/hooks.py folds its checks away under it.
    """
    options = dict(options)
    extra = dict(options.pop("extra", None) or {})
    snippet = extra.pop("snippet", None)
    run = functools.partial(run_python, context=md.gradsite_context, snippet=snippet)
    if snippet:
        # The whole file runs (recipe, then its checks); the page shows the recipe
        # (markdown-exec's transform_source: what runs, what is rendered).
        options["transform_source"] = lambda code: (code, project.split_example(code).recipe)
    return base_format(language="python", run=run, code=source, md=md, extra=extra, **options)


class RunnerExtension(Extension):
    """Gives every page's Markdown the build's Context (mkdocs.yml lists this module; the
    hook sets `context` in on_config, as it gives gradsite.glossary its terms)."""

    def __init__(self, **kwargs):
        # Not None: Python-Markdown would read a None default's value as a boolean.
        self.config = {"context": ["", "the build's gradsite.execute.Context"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md):  # noqa: N802 - Python-Markdown's name
        context = self.getConfig("context")
        md.gradsite_context = context or Context()


def makeExtension(**kwargs):  # noqa: N802 - the name Python-Markdown looks for
    return RunnerExtension(**kwargs)
