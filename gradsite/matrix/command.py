"""`make matrix`: every example on every PyTorch release (`python -m gradsite.matrix`).

    make matrix                                    # what is missing or stale, every release
    make matrix RELEASES="1.13.1 2.0.1"            # a few releases
    make matrix RELEASES=2.13.0 EXAMPLES=snippets/zeroing/zero_grad_sets_none.py
    make matrix FORCE=1                            # run again what is recorded and current

Each release (RELEASES in gradsite/matrix/__init__.py, the one list) gets a fresh virtual
environment with that torch and a numpy it supports, ignoring this machine's pip configuration
(its constraints file caps torch), deleted after its run; the pinned release (pyproject.toml)
runs on the project's own .venv. worker.py runs the examples there, each in a fork of one
process that imported torch once. Only a missing record or an edited source runs again, and each
result is saved as it arrives: an interrupted run resumes where it stopped, an edited example is
refreshed on every release without redoing the rest."""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from gradsite import matrix
from gradsite.project import ROOT, snippets

ENVS = ROOT / ".cache" / "matrix"
WORKER = Path(__file__).resolve().parent / "worker.py"


def numpy_for(release: str) -> str:
    """torch before 2.3 was built against numpy 1.x."""
    return "numpy<2" if matrix.version_key(release) < (2, 3) else "numpy"


def _pip_env() -> dict:
    """pip for a matrix environment: none of this machine's pip configuration (torch cap)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_NO_CACHE_DIR="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


def create_env(release: str, index: str | None) -> Path:
    """A fresh environment with that torch (or one kept by --keep-env); returns its python."""
    env = ENVS / f"env-{release}"
    if (env / ".ready").exists():
        return env / "bin" / "python"
    shutil.rmtree(env, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", env], check=True)
    python = env / "bin" / "python"
    spec = ["--pre", "torch"] if release == matrix.NIGHTLY else [f"torch=={release}"]
    where = ["--index-url", index, "--extra-index-url", "https://pypi.org/simple"] if index else []
    install = [python, "-m", "pip", "install", "--quiet", *where, *spec, numpy_for(release)]
    subprocess.run(install, check=True, env=_pip_env())
    (env / ".ready").touch()
    return python


def disk_mb(path: Path) -> int:
    files = [f for f in path.rglob("*") if f.is_file() and not f.is_symlink()]
    return sum(f.stat().st_size for f in files) // 2**20


def run_examples(
    python: Path | str, names: list[str], root: Path = ROOT, on_result=None, env: dict | None = None
) -> tuple[list, dict]:
    """Run the examples with that python (and environment); results in order, and the provenance."""
    results, provenance = [], {}
    command = [str(python), str(WORKER), str(root), *names]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=root, env=env) as worker:
        for line in worker.stdout:
            message = json.loads(line)
            if "provenance" in message:
                provenance = message["provenance"]
                continue
            results.append(message)
            if on_result:
                on_result(message)
    if worker.returncode != 0:
        raise RuntimeError(f"the matrix worker on {python} exited with code {worker.returncode}")
    return results, provenance


def _own_torch() -> str | None:
    """The torch release installed beside this Python, without importing it."""
    try:
        return importlib.metadata.version("torch").split("+")[0]
    except importlib.metadata.PackageNotFoundError:
        return None  # CI runs this file with a bare Python: every release gets an environment


def _commit() -> str:
    command = ["git", "rev-parse", "--short", "HEAD"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.0f} min" if seconds >= 90 else f"{seconds:.0f} s"


class _Progress:
    """One line on stderr per example, with the time left from what was measured: this
    release's examples so far, the releases done. Before anything is measured, no guess (a
    first guess was minutes for a 1 s run)."""

    def __init__(self, plan: list[tuple[str, list[str]]]) -> None:
        self.plan, self.spent, self.number = plan, [], 0  # spent: seconds per finished release

    def start(self, release: str, names: list[str]) -> None:
        self.number, self.release, self.names = self.number + 1, release, names
        self.started = self.installed = time.monotonic()

    def __call__(self, done: int, name: str = "", status: str = "") -> None:
        running = time.monotonic() - self.installed  # the examples so far, without the install
        this = running / done * (len(self.names) - done) if done else None
        later = len(self.plan) - self.number  # releases after this one
        others = sum(self.spent) / len(self.spent) * later if self.spent else None
        estimate = ""
        if this is not None and (others is not None or not later):
            estimate = f" (about {_minutes(this + (others or 0))} left)"
        print(
            f"[{self.number}/{len(self.plan)} torch {self.release}] {done}/{len(self.names)} "
            f"{name} {status}{estimate}",
            file=sys.stderr,
            flush=True,
        )


def _python_for(
    release: str, index: str | None, progress: _Progress
) -> tuple[str | Path, Path | None, bool]:
    """The Python that runs the release, its environment (None: this one's), and whether that
    environment was kept from an earlier run (--keep-env: no install to time)."""
    if release == matrix.PINNED and _own_torch() == matrix.PINNED:
        progress(0, "on this Python's own torch (the project's .venv)")
        return sys.executable, None, False
    reused = (ENVS / f"env-{release}" / ".ready").exists()
    progress(0, "reusing its environment" if reused else "installing")
    python = create_env(release, index)
    return python, python.parent.parent, reused


def _run_release(data: dict, release: str, names: list[str], full: bool, args, progress) -> None:
    """One release: its environment, its examples (each result saved as it comes), its
    provenance (with its costs, after a run of every example)."""
    progress.start(release, names)
    python, env, reused = _python_for(release, args.index, progress)
    progress.installed = time.monotonic()
    size = disk_mb(env) if env else None
    count = 0

    def on_result(result: dict) -> None:
        nonlocal count
        count += 1
        matrix.record(data, release, result, matrix.source_hash(result["example"]))
        matrix.save(data)  # an interrupted run keeps what it got
        progress(count, result["example"], result["status"])

    try:
        _, provenance = run_examples(python, names, on_result=on_result)
        finished = time.monotonic()
    finally:
        if env and not args.keep_env:
            shutil.rmtree(env, ignore_errors=True)
    provenance.update(date=datetime.date.today().isoformat(), commit=_commit())
    if full:  # a full run: its costs are the release's
        provenance.update(run_seconds=round(finished - progress.installed))
        if env and not reused:
            provenance["install_seconds"] = round(progress.installed - progress.started)
        if size is not None:
            provenance["env_mb"] = size
    data["releases"][release]["provenance"].update(provenance)
    matrix.save(data)
    progress.spent.append(time.monotonic() - progress.started)


def run(args) -> None:
    releases = args.releases.split() or list(matrix.RELEASES)
    unknown = [r for r in releases if r not in matrix.RELEASES and r != matrix.NIGHTLY]
    wanted = args.examples.split() or snippets()
    missing = [e for e in wanted if not (ROOT / e).is_file()]
    if unknown or missing:
        sys.exit(
            f"unknown release(s) {unknown} (see RELEASES in gradsite/matrix/__init__.py) or example(s) {missing}"
        )
    data = matrix.load()
    for row in data["releases"].values():  # examples deleted since: their records go
        row["examples"] = {e: entry for e, entry in row["examples"].items() if (ROOT / e).is_file()}
    plan = [(r, matrix.todo(data, r, wanted, force=args.force)) for r in releases]
    plan = [(r, names) for r, names in plan if names]
    if not plan:
        print(
            "matrix: every release has a current record of every example asked for", file=sys.stderr
        )
        return
    progress = _Progress(plan)
    full = len(wanted) == len(snippets())
    for release, names in plan:
        _run_release(data, release, names, full and len(names) == len(wanted), args, progress)


def _check() -> None:
    problems = matrix.stale(matrix.load())
    for line in problems:
        print(line)
    if problems:
        names = [problem.split(":")[0] for problem in problems]
        sys.exit(f"refresh with: {matrix.refresh_command(matrix.PINNED, names)}")


def _costs() -> None:
    print("| release | torch build | install | run (all examples) | environment on disk | failed |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for release, row in matrix.load()["releases"].items():
        p = row["provenance"]
        failed = sum(e["status"] == "failed" for e in row["examples"].values())
        install, runtime, disk = (
            f"{p[key]:,} {unit}" if p.get(key) is not None else "—"
            for key, unit in (("install_seconds", "s"), ("run_seconds", "s"), ("env_mb", "MB"))
        )
        print(
            f"| {release} | {p.get('torch', '?')} | {install} | {runtime} | {disk} | "
            f"{failed}/{len(row['examples'])} |"
        )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m gradsite.matrix", description=__doc__.split("\n\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run", help="run what is missing or stale")
    go.add_argument("--releases", default="", help="space-separated; default: all of RELEASES")
    go.add_argument("--examples", default="", help="space-separated snippet paths; default: all")
    go.add_argument("--force", action="store_true", help="run again even what is current")
    go.add_argument(
        "--index", default=os.environ.get("TORCH_INDEX") or None, help="a torch wheel index (CPU)"
    )
    go.add_argument("--keep-env", action="store_true")
    listing = sub.add_parser("releases", help="the release list, as JSON (for CI)")
    listing.add_argument("--with-nightly", action="store_true")
    sub.add_parser("check", help="the pinned row against the examples: stale records")
    sub.add_parser("costs", help="time and disk per release, as a Markdown table (BENCHMARKS.md)")
    merge = sub.add_parser("merge", help="merge data files (CI jobs) into data/matrix.json")
    merge.add_argument("files", nargs="+", type=Path)
    return parser


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    if args.command == "releases":
        print(json.dumps([*matrix.RELEASES, *([matrix.NIGHTLY] if args.with_nightly else [])]))
    elif args.command == "check":
        _check()
    elif args.command == "costs":
        _costs()
    elif args.command == "merge":
        matrix.save(matrix.merge_files(matrix.load(), args.files))
    else:
        run(args)
