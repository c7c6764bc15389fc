"""Run the site's Python examples while MkDocs builds the pages.

markdown-exec finds the ```python exec="on"``` fences and renders them; this
module replaces only its *run* step, to add what the site promises:

* a failure names the snippet file and line, the page and the language;
* an example runs once per build: the zh build runs it, the en build reuses
  the output (mkdocs-static-i18n builds each language in the same process);
* nothing an example does leaks: every run gets fresh globals, and stray
  warnings or stderr output fail the build like an exception would.

Every example is a complete program (no markdown-exec sessions), so its output
depends only on its code, the installed packages, the `gradsite` sources, the
project files it reads and, for a helper that words its output per language
(gradsite/pictures.py), the language being built. The key of an output covers
the first three. The others are recorded when the example runs: every file or
folder it opens or lists under the project, every existing file its code names
by path (such as the snippet a figure block runs), with their fingerprints, and
whether it read `state.language`. An output is reused only while those are
unchanged, and for the same language if it read it. Failures are never kept.

Outputs live in memory for the process: a build, or a whole `mkdocs serve`
session. Two environment variables change that, and neither is set in CI:

* GRADSITE_CACHE=<folder> also keeps outputs on disk across processes
  (`make serve` sets it to .cache/gradsite; `make clean` removes it);
* GRADSITE_NO_EXEC=1 runs nothing and renders a placeholder: only for
  `make bench`, to measure what the build costs without the examples.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import io
import json
import linecache
import logging
import os
import platform
import re
import sys
import threading
import traceback
import warnings
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path

import torch
from markdown_exec import ExecutionError, base_format, code_block

PACKAGE = Path(__file__).resolve().parent
DISK_CACHE = "GRADSITE_CACHE"
NO_EXEC = "GRADSITE_NO_EXEC"
PLACEHOLDER = "(not run: GRADSITE_NO_EXEC is set)\n"

log = logging.getLogger("mkdocs.hooks.gradsite")


@dataclass
class Output:
    """What an example printed, and what it depended on besides its key."""

    text: str
    reads: dict[str, str | None]  # path relative to the project -> fingerprint (None: absent)
    language: str | None = None  # the language it was made for, if it read state.language


@dataclass
class _Recording:
    """What the example running now has read."""

    thread: int = field(default_factory=threading.get_ident)
    paths: set[str] = field(default_factory=set)  # absolute
    language: bool = False


_recording: _Recording | None = None  # set only while an example runs


@dataclass
class BuildState:
    """What the running build is doing; set by gradsite/hooks.py."""

    root: Path = PACKAGE.parent  # the folder of mkdocs.yml, set by on_config
    page: str = "?"
    _language: str = "?"
    outputs: dict[str, list[Output]] = field(default_factory=dict)  # key -> outputs (one per language)
    executions: int = 0  # examples run in this process (failures included)
    reused: int = 0  # blocks rendered from a kept output
    examples: set[tuple[str, str | None]] = field(default_factory=set)  # distinct outputs served
    reported: tuple[int, int] = (0, 0)  # (executions, reused) at the last summary()
    # snippet path -> (code, globals) of its last successful run, so a figure that
    # plots an example's numbers need not run the example again (gradsite/pictures.py).
    namespaces: dict[str, tuple[str, dict]] = field(default_factory=dict)

    @property
    def language(self) -> str:
        """The language being built; an example that reads it gets an output per language."""
        if _recording is not None and _recording.thread == threading.get_ident():
            _recording.language = True
        return self._language

    @language.setter
    def language(self, value: str) -> None:
        self._language = value


state = BuildState()


# --- what an example reads ------------------------------------------------
# An audit hook sees every open() and directory listing of the thread that
# runs an example, including reads done by library code (runpy, Path.read_text),
# and the files a subprocess it starts is given as arguments (what that process
# reads in turn is not seen). Audit hooks cannot be removed, so it is added once
# and does nothing unless an example is running. It also notes when a module of
# this package is imported (see reload_changed_helpers).

_READ_EVENTS = frozenset({"open", "os.listdir", "os.scandir"})
_PATHLIKE = (str, bytes, os.PathLike)


_loaded: dict[str, tuple[int, int]] = {}  # module name -> (mtime, size) of the source it was loaded from


def _note_import(name: str) -> None:
    """Called by the audit hook as a module of this package is imported."""
    source = PACKAGE / f"{name.partition('.')[2]}.py"
    if source.is_file():
        _loaded[name] = _signature(source)


def _signature(source: str | Path) -> tuple[int, int]:
    stat = os.stat(source)
    return stat.st_mtime_ns, stat.st_size


def _audit(event: str, args: tuple) -> None:
    if event == "import" and args and isinstance(args[0], str) and args[0].startswith("gradsite."):
        _note_import(args[0])
    recording = _recording
    if recording is None or threading.get_ident() != recording.thread:
        return
    try:
        if event in _READ_EVENTS and args and isinstance(args[0], _PATHLIKE):
            recording.paths.add(os.path.abspath(os.fsdecode(args[0])))
        elif event == "subprocess.Popen" and isinstance(args[1], (list, tuple)):
            named = (os.path.abspath(os.fsdecode(a)) for a in args[1] if isinstance(a, _PATHLIKE))
            recording.paths.update(path for path in named if os.path.isfile(path))
    except Exception:  # noqa: BLE001, S110 - an audit hook must never break the example
        pass


sys.addaudithook(_audit)

_QUOTED_PATH = re.compile(r"""["']([\w.][\w./-]*)["']""")


def _named_files(code: str) -> set[str]:
    """Existing files the code names in a string literal, e.g. "snippets/x/y.py"."""
    return {
        name
        for name in _QUOTED_PATH.findall(code)
        if ("/" in name or "." in name) and (state.root / name).is_file()
    }


def _project_paths(paths: set[str]) -> set[str]:
    """The recorded paths inside the project, relative to it (installed packages are in the key).

    Left out: what the import system looks at, not the example (the project folder
    itself, a sys.path entry it lists to find modules; caches; package metadata).
    Keeping those made an output depend on whether the build had created a file
    at the top of the project in the meantime.
    """
    kept = set()
    for absolute in paths:
        path = Path(absolute)
        if (
            path.is_relative_to(state.root)
            and path != state.root
            and not path.is_relative_to(sys.prefix)
            and "__pycache__" not in path.parts
            and not any(part.endswith((".egg-info", ".dist-info")) for part in path.parts)
        ):
            kept.add(path.relative_to(state.root).as_posix())
    return kept


def fingerprint(relative: str) -> str | None:
    """A file's content hash, a folder's listing hash, or None if the path does not exist."""
    path = state.root / relative
    if path.is_file():
        return hashlib.sha256(path.read_bytes()).hexdigest()
    if path.is_dir():
        return hashlib.sha256("\0".join(sorted(os.listdir(path))).encode()).hexdigest()
    return None


# --- the key and the kept outputs -------------------------------------------


@functools.cache
def _environment() -> str:
    """Interpreter, machine and every installed distribution with its version."""
    dists = sorted(f"{d.name}=={d.version}" for d in metadata.distributions())
    return "\n".join([platform.python_version(), platform.machine(), torch.__version__, *dists])


def _cache_key(code: str) -> str:
    """Everything that can change an example's output, except the files it reads."""
    digest = hashlib.sha256()
    for part in (code, torch.__version__, _environment()):
        digest.update(part.encode())
        digest.update(b"\0")
    # Examples may call helpers from this package: their source is an input too.
    helpers = tuple((p.name, *_signature(p)) for p in sorted(PACKAGE.glob("*.py")))
    digest.update(_helpers_digest(helpers).encode())
    return digest.hexdigest()


@functools.lru_cache(maxsize=4)
def _helpers_digest(helpers: tuple[tuple[str, int, int], ...]) -> str:
    """The package's sources, hashed again only when a file's size or time changes."""
    return hashlib.sha256(b"".join((PACKAGE / name).read_bytes() for name, *_ in helpers)).hexdigest()


def reload_changed_helpers() -> list[str]:
    """Reload the package's modules whose source changed since they were loaded.

    Their sources are part of every output's key, so in `mkdocs serve` an edit to one
    (say gradsite/pictures.py) runs the examples again; without a reload they would run
    the code already imported, and the new key would keep an old output. Called by
    gradsite/hooks.py before each build. This module is the exception: reloading it
    would drop the outputs and add a second audit hook, so its edits need a restart.
    """
    reloaded = []
    for name, module in sorted(sys.modules.items()):
        source = getattr(module, "__file__", None)
        if not name.startswith("gradsite.") or name == __name__ or not source or not os.path.isfile(source):
            continue
        signature = _signature(source)
        if _loaded.setdefault(name, signature) != signature:
            importlib.reload(module)
            _loaded[name] = signature
            reloaded.append(name)
    return reloaded


def _disk_cache() -> Path | None:
    folder = os.environ.get(DISK_CACHE)
    return state.root / folder if folder else None


def _kept(key: str) -> Output | None:
    """The output kept for this key that is still valid: same files read, same language."""
    folder = _disk_cache()
    if key not in state.outputs and folder and (folder / f"{key}.json").is_file():
        kept = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
        state.outputs[key] = [Output(**output) for output in kept]
    for output in state.outputs.get(key, []):
        if output.language in (None, state._language) and all(
            fingerprint(path) == expected for path, expected in output.reads.items()
        ):
            return output
    return None


def _keep(key: str, output: Output) -> None:
    """Keep the output, replacing the one made for the same language (or for all)."""
    kept = [o for o in state.outputs.get(key, []) if o.language != output.language] + [output]
    state.outputs[key] = kept
    folder = _disk_cache()
    if folder:
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f"{key}.json.{os.getpid()}"
        partial.write_text(json.dumps([asdict(o) for o in kept]), encoding="utf-8")
        partial.replace(folder / f"{key}.json")


# --- running ------------------------------------------------------------------


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


def _execute(code: str, origin: str) -> tuple[str, _Recording, dict]:
    """Run the code with fresh globals; return what it printed, what it read, its globals."""
    global _recording
    stdout, stderr = io.StringIO(), io.StringIO()
    namespace = {"__name__": "__main__", "__file__": str(state.root / origin)}
    recording = _Recording()
    with redirect_stdout(stdout), redirect_stderr(stderr), warnings.catch_warnings(record=True) as stray:
        warnings.simplefilter("always")  # report every warning, not only the first per line
        _recording = recording
        try:
            exec(compile(code, origin, "exec"), namespace)  # noqa: S102 - running examples is the point
        finally:
            _recording = None
    leaked = [f"{w.category.__name__}: {w.message}" for w in stray] + stderr.getvalue().splitlines()
    if leaked:
        raise RuntimeError(
            "the example let output escape to stderr or the warnings system; "
            "catch and print what it means to show:\n  " + "\n  ".join(leaked)
        )
    return stdout.getvalue(), recording, namespace


def run_python(code: str, returncode: int | None = None, session: str | None = None, **extra) -> str:
    """Run one example and return what it printed (markdown-exec's `run` step)."""
    where = f"page docs/{state.page}, language {state.language}"
    if session:
        log.error(f"{where}: session='{session}' is not allowed: every example must be a complete program")
        raise ExecutionError(code_block("text", "markdown-exec sessions are disabled on this site"))
    if os.environ.get(NO_EXEC):
        return PLACEHOLDER

    key = _cache_key(code)
    kept = _kept(key)
    if kept is not None:
        state.reused += 1
        state.examples.add((key, kept.language))
        return kept.text

    origin = origin_of(code)
    # Let tracebacks quote the example's lines, whatever file they came from.
    linecache.cache[origin] = (len(code), None, code.splitlines(keepends=True), origin)
    state.executions += 1
    try:
        text, recording, namespace = _execute(code, origin)
    except Exception as error:  # noqa: BLE001 - every failure must be reported, then rendered
        line = _failure_line(error, origin)
        position = f"{origin}:{line}" if line else origin
        summary = "".join(traceback.format_exception_only(error)).strip()
        failing = code.splitlines()[line - 1].strip() if line else ""
        log.error(f"{position}: example failed on {where}\n  {failing}\n  {summary}")
        raise ExecutionError(code_block("pytb", "".join(traceback.format_exception(error)))) from error

    if origin.startswith("snippets/"):
        state.namespaces[origin] = (code, namespace)
    reads = _project_paths(recording.paths) | _named_files(code)
    language = state.language if recording.language else None
    _keep(key, Output(text, {path: fingerprint(path) for path in sorted(reads)}, language))
    state.examples.add((key, language))
    return text


def summary() -> str:
    """Examples run and reused since the last summary (one line per language build)."""
    if os.environ.get(NO_EXEC):
        return f"examples not run ({NO_EXEC} is set): outputs are placeholders"
    ran, reused = state.executions - state.reported[0], state.reused - state.reported[1]
    state.reported = (state.executions, state.reused)
    return f"examples, language {state.language}: {ran} run, {reused} reused"


def format_python(**kwargs) -> str:
    """markdown-exec formatter for python fences, using `run_python`."""
    return base_format(language="python", run=run_python, **kwargs)
