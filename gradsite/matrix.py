"""The compatibility matrix: every example on every PyTorch release.

    make matrix                                    # what is missing or stale, every release
    make matrix RELEASES="1.13.1 2.0.1"            # a few releases
    make matrix RELEASES=2.13.0 EXAMPLES=snippets/zeroing/zero_grad_sets_none.py
    make matrix FORCE=1                            # run again what is recorded and current

For each release (RELEASES below: the one list), a fresh virtual environment
gets that torch and a numpy it supports, ignoring this machine's pip
configuration (its constraints file caps torch); gradsite/matrix_worker.py
then runs the examples there, each in a fork of one process that imported
torch once. The pinned release (pyproject.toml) runs on the project's own
.venv, with no new environment. Each environment is deleted after its run.

data/matrix.json keeps, per release, its provenance (torch build, CPU model
and the vector capability ATen used) and, per example, the sha256 of its
source when it ran, passed/failed/warned, the error (first line) and the
example's line, and the sha256 of its output. data/matrix-outputs.json keeps
each distinct output once, by that hash: what the example printed (for a
failure, what it printed before failing). Most releases print the same, so
17 releases cost little more than one. An example is run again
only when its record is missing or its source changed, so an interrupted run
resumes where it stopped (every result is saved as soon as it arrives), and
an edited example is refreshed on every release without redoing the rest.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from gradsite.project import CLAIM_COMMENT, PINNED_TORCH, ROOT, snippets

DATA = ROOT / "data" / "matrix.json"
ENVS = ROOT / ".cache" / "matrix"
WORKER = Path(__file__).resolve().parent / "matrix_worker.py"

# Every minor release from 1.13, its last patch: the only list of releases.
RELEASES = (
    "1.13.1",
    "2.0.1",
    "2.1.2",
    "2.2.2",
    "2.3.1",
    "2.4.1",
    "2.5.1",
    "2.6.0",
    "2.7.1",
    "2.8.0",
    "2.9.1",
    "2.10.0",
    "2.11.0",
    "2.12.1",
    "2.13.0",
    "2.14.1",
    "2.15.0",
)
# Only with a wheel index (CI): --index https://download.pytorch.org/whl/nightly/cpu
NIGHTLY = "nightly"
PINNED = PINNED_TORCH  # None in a copy of the site without pyproject.toml


def version_key(release: str) -> tuple:
    return (999,) if release == NIGHTLY else tuple(int(part) for part in release.split("."))


def numpy_for(release: str) -> str:
    """torch before 2.3 was built against numpy 1.x."""
    return "numpy<2" if version_key(release) < (2, 3) else "numpy"


def examples() -> list[str]:
    return snippets()


def source_hash(example: str, root: Path = ROOT) -> str:
    """The example's code, without its `# claim:` lines: naming a claim changes no behaviour."""
    lines = (root / example).read_bytes().splitlines(keepends=True)
    code = b"".join(line for line in lines if not CLAIM_COMMENT.match(line.decode("utf-8")))
    return hashlib.sha256(code).hexdigest()[:16]


# --- the data file ---------------------------------------------------------


def outputs_path(path: Path = DATA) -> Path:
    """The output texts beside a data file: data/matrix.json -> data/matrix-outputs.json."""
    return path.with_name(f"{path.stem}-outputs.json")


def load(path: Path = DATA) -> dict:
    """{"releases": {release: row}, "outputs": {output hash: text}} from the data file and its twin."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"releases": {}}
    outputs = outputs_path(path)
    data["outputs"] = json.loads(outputs.read_text(encoding="utf-8")) if outputs.exists() else {}
    return data


def load_outputs(path: Path = DATA) -> dict[str, str]:
    """Output texts by their hash (a record's "output")."""
    return load(path)["outputs"]


def _write(path: Path, content: dict) -> None:
    text = json.dumps(content, indent=1, sort_keys=False, ensure_ascii=False) + "\n"
    partial = path.with_suffix(".json.partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)  # a reader never sees half a file


def save(data: dict, path: Path = DATA) -> None:
    """Both files; only the outputs some record names are kept."""
    path.parent.mkdir(parents=True, exist_ok=True)
    ordered = dict(sorted(data["releases"].items(), key=lambda item: version_key(item[0])))
    named = {entry["output"] for row in ordered.values() for entry in row["examples"].values()}
    outputs = {key: text for key, text in sorted(data.get("outputs", {}).items()) if key in named}
    _write(outputs_path(path), outputs)
    _write(path, {"releases": ordered})


def record(data: dict, release: str, result: dict, source: str) -> None:
    """Merge one example's result into the release's row, and its output text."""
    row = data["releases"].setdefault(release, {"provenance": {}, "examples": {}})
    entry = {
        "source": source,
        **{key: result[key] for key in ("status", "error", "line", "output")},
    }
    row["examples"][result["example"]] = entry
    row["examples"] = dict(sorted(row["examples"].items()))
    data.setdefault("outputs", {})[result["output"]] = result["text"]


def todo(
    data: dict, release: str, wanted: list[str], *, force: bool = False, root: Path = ROOT
) -> list[str]:
    """The examples of `wanted` this release has no current record of (with its output text)."""
    recorded = data["releases"].get(release, {}).get("examples", {})
    outputs = data.get("outputs", {})
    return [
        e
        for e in wanted
        if force
        or e not in recorded
        or recorded[e]["source"] != source_hash(e, root)
        or recorded[e]["output"] not in outputs  # recorded before output texts were kept
    ]


def refresh_command(release: str, names: list[str]) -> str:
    return f'make matrix RELEASES={release} EXAMPLES="{" ".join(names)}"'


def stale(data: dict, release: str = PINNED, root: Path = ROOT) -> list[str]:
    """Every way the release's row differs from the examples now: one line each, empty if none."""
    recorded = data["releases"].get(release, {}).get("examples", {})
    present = snippets(root)
    problems = []
    for example in present:
        if example not in recorded:
            problems.append(f"{example}: not in the matrix")
        elif recorded[example]["source"] != source_hash(example, root):
            problems.append(f"{example}: edited since its row was recorded")
    for example in sorted(set(recorded) - set(present)):
        problems.append(f"{example}: recorded, but no such example any more")
    return problems


def differences(data: dict, release: str, results: list[dict]) -> list[str]:
    """How fresh results of `release` differ from its recorded row."""
    recorded = data["releases"].get(release, {}).get("examples", {})
    problems = []
    for result in results:
        old = recorded.get(result["example"])
        if old is None:
            continue  # reported by stale()
        for key in ("status", "output", "error"):
            if old[key] != result[key]:
                problems.append(
                    f"{result['example']}: {key} is {result[key]!r}, the matrix says {old[key]!r}"
                )
                break
    return problems


def merge_files(target: dict, paths: list[Path]) -> dict:
    """Rows from other data files (one per CI job) replace or extend the target's."""
    for path in paths:
        theirs = load(path)
        target.setdefault("outputs", {}).update(theirs["outputs"])
        for release, row in theirs["releases"].items():
            mine = target["releases"].setdefault(release, {"provenance": {}, "examples": {}})
            examples = dict(sorted({**mine["examples"], **row["examples"]}.items()))
            if examples != mine["examples"] or not mine["provenance"]:
                # New results bring their provenance; the same results again change nothing
                # (the weekly run opens a pull request only when an example's result changed).
                mine["provenance"].update(row["provenance"])
                mine["examples"] = examples
    return target


# --- running ---------------------------------------------------------------


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
    spec = ["--pre", "torch"] if release == NIGHTLY else [f"torch=={release}"]
    where = ["--index-url", index, "--extra-index-url", "https://pypi.org/simple"] if index else []
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", *where, *spec, numpy_for(release)],
        check=True,
        env=_pip_env(),
    )
    (env / ".ready").touch()
    return python


def disk_mb(path: Path) -> int:
    return (
        sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())
        // 2**20
    )


def run_examples(
    python: Path | str, names: list[str], root: Path = ROOT, on_result=None, env: dict | None = None
) -> tuple[list, dict]:
    """Run the examples with that python (and environment); results in order, and the provenance."""
    results, provenance = [], {}
    with subprocess.Popen(
        [str(python), str(WORKER), str(root), *names],
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
        env=env,
    ) as worker:
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
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return done.stdout.strip() or "unknown"


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.0f} min" if seconds >= 90 else f"{seconds:.0f} s"


def run(
    releases: list[str], wanted: list[str], *, force: bool, index: str | None, keep_env: bool
) -> None:
    data = load()
    for row in data["releases"].values():  # examples deleted since: their records go
        row["examples"] = {e: entry for e, entry in row["examples"].items() if (ROOT / e).is_file()}
    plan = [(r, todo(data, r, wanted, force=force)) for r in releases]
    plan = [(r, names) for r, names in plan if names]
    if not plan:
        print(
            "matrix: every release has a current record of every example asked for", file=sys.stderr
        )
        return
    spent: list[float] = []  # seconds per finished release
    for number, (release, names) in enumerate(plan, 1):
        started = time.monotonic()

        def progress(done: int, name: str = "", status: str = "") -> None:
            # Time left from what was measured: this release's examples so far, the releases done.
            # Before anything is measured, no guess (a first guess was minutes for a 1 s run).
            running = time.monotonic() - installed  # the examples so far, without the install
            this = running / done * (len(names) - done) if done else None
            others = sum(spent) / len(spent) * (len(plan) - number) if spent else None
            if this is None or (others is None and number < len(plan)):
                estimate = ""
            else:
                estimate = f" (about {_minutes(this + (others or 0))} left)"
            print(
                f"[{number}/{len(plan)} torch {release}] {done}/{len(names)} {name} {status}{estimate}",
                file=sys.stderr,
                flush=True,
            )

        env, reused, installed = None, False, started
        if release == PINNED and _own_torch() == PINNED:
            progress(0, "on this Python's own torch (the project's .venv)")
            python = sys.executable
        else:
            reused = (
                ENVS / f"env-{release}" / ".ready"
            ).exists()  # kept by --keep-env: no install to time
            progress(0, "reusing its environment" if reused else "installing")
            python = create_env(release, index)
            env = python.parent.parent
        installed = time.monotonic()
        size = disk_mb(env) if env else None
        count = 0

        def on_result(result: dict) -> None:
            nonlocal count
            count += 1
            record(data, release, result, source_hash(result["example"]))
            save(data)  # an interrupted run keeps what it got
            progress(count, result["example"], result["status"])

        try:
            _, provenance = run_examples(python, names, on_result=on_result)
            finished = time.monotonic()
        finally:
            if env and not keep_env:
                shutil.rmtree(env, ignore_errors=True)
        provenance.update(date=datetime.date.today().isoformat(), commit=_commit())
        if len(names) == len(wanted) == len(examples()):  # a full run: its costs are the release's
            provenance.update(run_seconds=round(finished - installed))
            if env and not reused:
                provenance["install_seconds"] = round(installed - started)
            if size is not None:
                provenance["env_mb"] = size
        data["releases"][release]["provenance"].update(provenance)
        save(data)
        spent.append(time.monotonic() - started)


def main(argv: list[str] | None = None) -> None:
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
    args = parser.parse_args(argv)

    if args.command == "releases":
        print(json.dumps([*RELEASES, *([NIGHTLY] if args.with_nightly else [])]))
    elif args.command == "check":
        problems = stale(load())
        for line in problems:
            print(line)
        if problems:
            sys.exit(
                f"refresh with: {refresh_command(PINNED, [p.split(':')[0] for p in problems])}"
            )
    elif args.command == "costs":
        print(
            "| release | torch build | install | run (all examples) | environment on disk | failed |"
        )
        print("| --- | --- | ---: | ---: | ---: | ---: |")
        for release, row in load()["releases"].items():
            p = row["provenance"]
            failed = sum(e["status"] == "failed" for e in row["examples"].values())
            cells = [
                (p.get("install_seconds"), "s"),
                (p.get("run_seconds"), "s"),
                (p.get("env_mb"), "MB"),
            ]
            install, runtime, disk = (
                f"{c:,} {unit}" if c is not None else "—" for c, unit in cells
            )
            print(
                f"| {release} | {p.get('torch', '?')} | {install} | {runtime} | {disk} | "
                f"{failed}/{len(row['examples'])} |"
            )
    elif args.command == "merge":
        data = merge_files(load(), args.files)
        save(data)
    else:
        releases = args.releases.split() or list(RELEASES)
        unknown = [r for r in releases if r not in RELEASES and r != NIGHTLY]
        wanted = args.examples.split() or examples()
        missing = [e for e in wanted if not (ROOT / e).is_file()]
        if unknown or missing:
            sys.exit(
                f"unknown release(s) {unknown} (see RELEASES in gradsite/matrix.py) or example(s) {missing}"
            )
        run(releases, wanted, force=args.force, index=args.index, keep_env=args.keep_env)


if __name__ == "__main__":
    main()
