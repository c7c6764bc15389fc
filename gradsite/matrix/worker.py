"""Run examples on the torch of the Python that runs this file (stdlib only: command.py runs it
in each release's own environment):

    <python> gradsite/matrix/worker.py <project root> snippets/a/b.py ...

Imports torch once, then runs each example in a fork of this process as `python <example>` would
(cwd: the project root, __name__ "__main__", argv [path], its folder first on sys.path, Python's
default warning filters, no stdin), with its own stdout and stderr files and the build's limits.
`run` is the one way to run an example as a program: tests/test_snippets.py calls it too (from
the example's folder, as the examples zips are run). Prints a JSON line per example as soon as
it is done, then the provenance:

    {"example": "snippets/a/b.py", "status": "passed" | "failed" | "warned",
     "error": "Type: first line of the message" | null, "line": 12 | null,
     "output": "<sha256 of stdout, 16 hex>", "text": "<stdout>", "seconds": 0.4}
    {"provenance": {"torch": "2.13.0+cpu", "python": "3.11.7", "cpu": "...",
                    "capability": "AVX512", "threads": 2, ...}}

A failure's "text" is what it printed before failing. An output the build rejects (an address,
a temporary path: project.unstable; past the output limit) is "failed" too, the reason its
error. "warned": passed, but wrote to stderr (a warning, say): the site's build fails on that, a
reader would not. Paths of this machine are stripped from messages."""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import runpy
import select
import signal
import sys
import tempfile
import time
import traceback
import warnings
from pathlib import Path


def _project():
    """gradsite/project.py (stdlib only), by path: this file runs where gradsite is not installed."""
    import importlib.util

    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(os.path.dirname(here), "project.py")
    spec = importlib.util.spec_from_file_location("_gradsite_project", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


project = _project()
# The build's limits (and their environment variables): the matrix never passes what it rejects.
TIMEOUT = project.limit(project.TIME_LIMIT)
OUTPUT_LIMIT = int(project.limit(project.OUTPUT_LIMIT))


def build_check(stdout: str, root: str) -> str | None:
    """What the site's build (gradsite/runner/) would reject in this output, as an error, or None."""
    if len(stdout) > OUTPUT_LIMIT:
        return f"OutputLimit: printed {len(stdout):,} characters, more than {OUTPUT_LIMIT:,}"
    found = project.unstable(stdout, root)
    if found:
        return "Leak: the output changes from one run or machine to the next: " + "; ".join(found)
    return None


def strip_paths(text: str, root: str) -> str:
    """The message without this machine's paths: project files relative, the others named."""
    places = [
        (root.rstrip("/") + "/", ""),
        (sys.prefix, "<env>"),
        (sys.base_prefix, "<python>"),
        (tempfile.gettempdir(), "<tmp>"),
        (os.path.expanduser("~"), "~"),
    ]
    for path, name in sorted(places, key=lambda place: len(place[0]), reverse=True):
        if len(path) > 1:
            text = text.replace(path, name)
    return text


def _as_a_new_interpreter(path: str) -> None:
    """What `python <path>` starts with that a fork of this process (or of pytest) may lack."""
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - the fd's life
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - a build has no one to type
    sys.argv = [path]
    sys.path.insert(0, os.path.dirname(path))
    warnings.resetwarnings()  # Python's defaults, shown on stderr
    for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
        warnings.simplefilter("ignore", category)
    warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")
    warnings.showwarning = lambda message, category, filename, lineno, file=None, line=None: (
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))
    )


def _child(
    root: str, example: str, out: str, err: str, report: int, cwd: str, threads: int | None
) -> None:
    """In the fork: run one example, send {"error", "line"} through `report`."""
    result = {"error": None, "line": None, "code": 0}
    # What the example made stays alive until os._exit: freed right after a DDP model's last
    # all-reduce, it hung a fork of tests/test_snippets.py (torch 2.13: the Reducer's gloo
    # process group, destroyed with the GIL held, joins a gloo thread that waits for the GIL;
    # https://github.com/pytorch/pytorch/issues/56297).
    kept = []
    path = os.path.join(root, example)
    fd_out = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    fd_err = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(fd_out, 1)
    os.dup2(fd_err, 2)
    try:
        os.chdir(cwd)
        if threads is not None:
            import torch

            torch.set_num_threads(threads)
        _as_a_new_interpreter(path)
        kept.append(runpy.run_path(path, run_name="__main__"))
    except SystemExit as stop:
        kept.append(stop)
        if stop.code not in (None, 0):
            result.update(error=f"SystemExit: {stop.code}", code=1)
    except BaseException as error:  # noqa: BLE001 - every failure is a result
        kept.append(error)  # its traceback holds the example's frames
        frames = traceback.extract_tb(error.__traceback__)
        lines = [f.lineno for f in frames if os.path.abspath(f.filename) == path]
        first = (str(error).strip().splitlines() or [""])[0]
        result.update(error=f"{type(error).__name__}: {first}".rstrip(": "), code=1)
        result["line"] = lines[-1] if lines else None
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    os.write(report, json.dumps(result).encode())
    os._exit(result["code"])


def run(root: str, example: str, cwd: str | None = None, threads: int | None = None) -> dict:
    """Run one example as a program (from `cwd`, default the project root) in a fork, within the
    build's limits; its result as described above, and its "stderr". `threads`: torch's intra-op
    threads in the fork. A process whose torch has run a parallel operation (a test worker) must
    pass 1, or the fork's first parallel operation can wait forever for the parent's thread pool,
    which a fork does not copy. Outputs do not depend on it (tests/test_snippets.py checks them
    under OMP_NUM_THREADS=1)."""
    with tempfile.TemporaryDirectory() as tmp:
        out, err = os.path.join(tmp, "out"), os.path.join(tmp, "err")
        read, write = os.pipe()
        start = time.monotonic()
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            _child(root, example, out, err, write, cwd or root, threads)
        os.close(write)
        chunks = []
        while select.select([read], [], [], max(0.0, TIMEOUT - (time.monotonic() - start)))[0]:
            if not (chunk := os.read(read, 65536)):
                break
            chunks.append(chunk)
        else:  # nothing to read before the time limit
            os.kill(pid, signal.SIGKILL)
            chunks = [json.dumps({"error": f"TimeoutError: no result after {TIMEOUT} s"}).encode()]
        os.close(read)
        _, status = os.waitpid(pid, 0)
        seconds = round(time.monotonic() - start, 2)
        got = json.loads(b"".join(chunks) or b"{}")
        if not chunks and os.WIFSIGNALED(status):
            got = {"error": f"Crash: killed by signal {signal.Signals(os.WTERMSIG(status)).name}"}
        stdout, stderr = (Path(p).read_bytes() if os.path.exists(p) else b"" for p in (out, err))
        stderr = stderr.decode(errors="replace").strip()
    text = stdout.decode(errors="replace")
    error = got.get("error") or build_check(text, root)
    status_name = "failed" if error else ("warned" if stderr else "passed")
    if status_name == "warned":
        lines = stderr.splitlines()  # "<file>:<line>: UserWarning: ...", then the source line
        named = [line for line in lines if re.search(r"\w+(Warning|Error): ", line)] or lines
        error = re.sub(r"^.*?:\d+: (?=\w+(Warning|Error): )", "", named[0]).strip()
    return {
        "example": example,
        "status": status_name,
        "error": strip_paths(error, root)[:300] if error else None,
        "line": got.get("line"),
        "output": hashlib.sha256(stdout).hexdigest()[:16],
        "text": strip_paths(text, root),
        "seconds": seconds,
        "stderr": strip_paths(stderr, root),
    }


def cpu_model() -> str:
    """The processor's name as the kernel reports it (Linux), else what platform knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cpu_capability() -> str | None:
    """The vector instructions ATen's CPU kernels use here (ATEN_CPU_CAPABILITY can lower them)."""
    import torch

    try:
        return str(torch.backends.cpu.get_cpu_capability())
    except (AttributeError, RuntimeError):
        pass  # else the private name
    try:
        return str(torch._C._get_cpu_capability())
    except (AttributeError, RuntimeError):
        return None


def provenance() -> dict:
    import numpy
    import torch

    return {
        "torch": torch.__version__,
        "numpy": numpy.__version__,
        "python": platform.python_version(),
        "platform": f"{platform.system()} {platform.machine()}",
        "cpu": cpu_model(),
        "capability": cpu_capability(),
        "threads": torch.get_num_threads(),
    }


def main(argv: list[str]) -> None:
    root, examples = os.path.abspath(argv[0]), argv[1:]
    import torch  # noqa: F401 - once, before the forks: each example then starts in a fraction of a second

    for example in examples:
        print(json.dumps(run(root, example)), flush=True)
    print(json.dumps({"provenance": provenance()}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
