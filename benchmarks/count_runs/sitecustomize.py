"""Counts how many times each example runs, in every Python process of a run (`make bench`).

benchmarks/bench.py puts this folder first on PYTHONPATH and sets GRADSITE_COUNT_RUNS to a
folder holding `examples.json` ({key: [example, kind]}); every process then starts with this
audit hook: each time code Python compiled from source whose key is an example's runs (runpy,
exec of a build's runner, a Jupyter cell; not a compile alone, nor `ast.parse`, which read it
without running it), it appends "<kind> <key> <where>" to `runs.txt` there. The kinds:

* `file`: the example's file, as the build's runner, the matrix worker and the tests run it
  (tests/test_snippets.py runs it with a print of a marker in front of its checks line: the
  same key);
* `recipe`: its recipe alone (the code above `# --- checks ---`: a notebook's cell);
  code an example compiles and runs while it runs (complete_loop.py's checks run its recipe
  again) is part of that run, not counted;
* either, followed by `-drift`, in a process that first ran a simulated PyTorch change (a
  drift case's patch, compiled as "<drift patch>", tests/sitebuild.py): a run of the example
  against a changed torch, not of the example as it is.

Each line also says where the run came from (`_where`): the first frame in the project's
`gradsite/` or `tests/` (else the package that compiled it, ipykernel say, or the file), and
the test file pytest was running in that process (PYTEST_CURRENT_TEST: a forked child's, a
kernel's or a build's inherited one; a build started in the background names the test that
happened to be running), so that `make bench` can say which tests run an example again.

Forked children inherit the hook (and whether their parent ran a patch); the processes
`multiprocessing` starts to run a function (the DDP example's workers re-read its file as
`__mp_main__`) are not counted. Nothing in a build or a test imports this: outside `make bench`
it is not on any path.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys

_FOLDER = os.environ.get("GRADSITE_COUNT_RUNS")
_CLAIM = re.compile(r"^[ \t]*# claim: .*$", re.M)
# The checks line (gradsite/project.py, CHECKS_LINE), or the same line after the marker print
# tests/test_snippets.py puts in front of it.
_CHECKS = re.compile(
    r"^(print\('--- gradsite tests: the checks start here ---', flush=True\)[ \t]*)?"
    r"# --- checks ---[ \t]*$",
    re.M,
)
DRIFT_PATCH = "<drift patch>"  # the file name tests/sitebuild.py compiles a drift case's patch as


def key(source: str) -> str:
    """The same for an example's file and the code a page, a test or a notebook runs from it:
    no `# claim:` lines, no checks line, no blank lines, no trailing spaces."""
    lines = [line.rstrip() for line in _CHECKS.sub("", _CLAIM.sub("", source)).splitlines()]
    return hashlib.sha256("\n".join(line for line in lines if line).encode()).hexdigest()[:16]


_patched = False
_PROJECT = re.compile(r"/((?:gradsite|tests|benchmarks)/[^ ]*?\.py)$")
_PACKAGE = re.compile(r"/site-packages/([^/]+)/")


def _where(frame) -> str:
    """`<first project file, or package> <- <the test pytest runs>`, with no spaces."""
    found, first = "", frame
    while frame is not None and not found:
        project = _PROJECT.search(frame.f_code.co_filename)
        found = project[1] if project else ""
        frame = frame.f_back
    if not found:
        name = first.f_code.co_filename if first else "?"
        package = _PACKAGE.search(name)
        found = package[1] if package else os.path.basename(name).replace(" ", "_")
    test = os.environ.get("PYTEST_CURRENT_TEST", "").partition("::")[0]
    return f"{found}<-{test}" if test and found != test else found


# A compiled example's file name: (kind, key, where), until code compiled under that name runs.
_pending: dict = {}


# The file names of the examples counted in this process: code that one of them compiles and
# runs while it runs (snippets/accumulation/complete_loop.py's checks run its recipe again) is
# part of that run, not another.
_counted: set = set()


def _hook(event: str, args: tuple) -> None:
    if (
        event == "exec"
    ):  # code runs: an example's, if it was compiled from one (and not yet counted)
        name = getattr(args[0], "co_filename", None) if args else None
        if name in _pending:
            _record(*_pending.pop(name))
            _counted.add(name)
        return
    if event != "compile" or not args or not isinstance(args[0], (str, bytes)):
        return
    _compiled(args, sys._getframe(1) if sys._getframe().f_back else None)


def _compiled(args: tuple, caller) -> None:
    """A compile of source: an example's is noted, and counted when its code runs (`exec`):
    compiled alone (tests/test_recipes.py checks that a recipe compiles) or parsed (IPython
    parses a cell before it compiles it to run) is not a run."""
    global _patched
    name = args[1] if len(args) > 1 else None
    _pending.pop(name, None)
    if caller and caller.f_code.co_name == "parse" and caller.f_globals.get("__name__") == "ast":
        return  # ast.parse reads an example (the claims, the notes' failing line): not a run
    if name == DRIFT_PATCH:
        _patched = True
        return
    frame = caller
    while frame is not None:
        if frame.f_code.co_filename in _counted:
            return  # inside a counted example's own run: part of it
        frame = frame.f_back
    source = args[0].decode("utf-8", "replace") if isinstance(args[0], bytes) else args[0]
    if len(source) < 40 or "import" not in source:
        return
    found = key(source)
    if found not in _EXAMPLES:
        return
    if "multiprocessing" in sys.modules and sys.modules["multiprocessing"].parent_process():
        return  # a worker re-reading its parent's main file, not a run
    kind = _EXAMPLES[found][1] + ("-drift" if _patched else "")
    _pending[name] = (kind, found, _where(caller))


def _record(kind: str, found: str, where: str) -> None:
    descriptor = os.open(os.path.join(_FOLDER, "runs.txt"), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        os.write(descriptor, f"{kind} {found} {where}\n".encode())
    finally:
        os.close(descriptor)


_EXAMPLES: dict = {}
# Only as the interpreter's sitecustomize: benchmarks/bench.py also loads this file for `key`,
# in make bench's process and in tests/test_bench.py's, which the run's GRADSITE_COUNT_RUNS
# reaches; a hook added there counted every later run of that test worker twice.
if (
    __name__ == "sitecustomize"
    and _FOLDER
    and os.path.isfile(os.path.join(_FOLDER, "examples.json"))
):
    with open(os.path.join(_FOLDER, "examples.json"), encoding="utf-8") as _file:
        _EXAMPLES = json.load(_file)
    sys.addaudithook(_hook)
