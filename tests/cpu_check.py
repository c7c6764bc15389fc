"""Outputs that every machine prints: each example again under a second CPU configuration.

An output is a fact about PyTorch only if every CPU prints it. Rounding-level digits depend on
the vector instructions ATen's kernels use and on how many threads split a reduction, so each
example also runs with both changed at once: the portable kernels (ATEN_CPU_CAPABILITY=default)
on one thread. It must print, byte for byte, what the pinned row of data/matrix.json recorded
(which tests/test_snippets.py checks against the native run): native == recorded == second
configuration.

That costs every example a run, so the result is kept, as the pinned row is: data/cpu-check.json
holds, for each example that passed, its source hash, the pinned row's output hash it matched
and the torch it ran on. `make test` (tests/test_snippets.py) checks again only the examples
whose record is not current: the source or the recorded output changed since, or no record.
The weekly drift job checks every example (`make cpu-check ALL=1`, in `.github/workflows/drift.yml`).

    .venv/bin/python tests/cpu_check.py          # the examples not current; records those that pass
    .venv/bin/python tests/cpu_check.py --all    # every example (the weekly job)
    .venv/bin/python tests/cpu_check.py snippets/<chapter>/<name>.py ...   # these

It prints each difference and exits 1 if any example differs; what passed is recorded either way.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import torch
from gradsite import matrix
from gradsite.matrix.command import run_examples
from gradsite.project import ROOT, snippets

RECORD = ROOT / "data" / "cpu-check.json"
SECOND_CPU = {"ATEN_CPU_CAPABILITY": "default", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
HOW = "ATEN_CPU_CAPABILITY=default OMP_NUM_THREADS=1"


def load(path: Path = RECORD) -> dict[str, dict]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def entry(name: str, root: Path = ROOT, row: dict | None = None) -> dict | None:
    """What a current record of `name` holds now; None when the pinned row has no current
    entry for it (then tests/test_snippets.py fails on the row first)."""
    row = matrix.load()["releases"].get(matrix.PINNED, {}) if row is None else row
    recorded = row.get("examples", {}).get(name)
    source = matrix.source_hash(name, root)
    if not recorded or recorded["source"] != source:
        return None
    return {"source": source, "output": recorded["output"], "torch": torch.__version__}


def unchecked(names: list[str], record: dict, root: Path = ROOT, row: dict | None = None):
    """The examples of `names` whose record is not current: to run under SECOND_CPU now."""
    return [
        name
        for name in names
        if entry(name, root, row) is None or record.get(name) != entry(name, root, row)
    ]


def _texts(names: list[str], root: Path, extra_env: dict | None = None) -> tuple[dict, dict]:
    """{example: result} (its "text" is stdout) from the matrix worker on this torch, and its provenance."""
    env = {**os.environ, **(extra_env or {})}
    results, provenance = run_examples(sys.executable, names, root=root, env=env)
    return {r["example"]: r for r in results}, provenance


def expected(names: list[str], root: Path = ROOT) -> dict[str, str]:
    """What each example must print: the pinned row's output where it is current, else a native run now."""
    row = matrix.load()["releases"].get(matrix.PINNED, {})
    outputs = matrix.load_outputs()
    found = {}
    for name in names:
        current = entry(name, root, row)
        if current and current["output"] in outputs:
            found[name] = outputs[current["output"]]
    fresh = [name for name in names if name not in found]
    if fresh:
        found.update({name: r["text"] for name, r in _texts(fresh, root)[0].items()})
    return found


def diff(before: str, after: str, before_name: str, after_name: str) -> str:
    import difflib

    lines = difflib.unified_diff(
        before.splitlines(), after.splitlines(), before_name, after_name, lineterm="", n=1
    )
    return "\n".join(lines)


def differences(names: list[str], root: Path = ROOT, want: dict | None = None) -> dict[str, str]:
    """{example: what is wrong} for the examples whose output under SECOND_CPU differs from
    `want` (default: a native run now); the others passed."""
    second, provenance = _texts(names, root, SECOND_CPU)
    assert provenance["threads"] == 1 and provenance["capability"] == "DEFAULT", provenance
    if want is None:
        want = {name: result["text"] for name, result in _texts(names, root)[0].items()}
    problems = {}
    for name in names:
        got = second[name]
        if got["status"] == "failed":
            problems[name] = f"{name} fails under {HOW}: {got['error']} (line {got['line']})"
        elif got["text"] != want[name]:
            shown = diff(want[name], got["text"], "as recorded (native CPU)", HOW)
            problems[name] = (
                f"{name} prints something else under {HOW}: its output depends on the machine. "
                "Print rounding-level numbers as an asserted bound (CONTRIBUTING, 'Rules for an "
                f"example', 8):\n{shown}"
            )
    return problems


def record(names: list[str], problems: dict[str, str], path: Path = RECORD) -> None:
    """Keep what passed (and forget what failed or no longer exists)."""
    kept = load(path)
    for name in names:
        current = entry(name)
        if name in problems or current is None:
            kept.pop(name, None)
        else:
            kept[name] = current
    kept = {name: kept[name] for name in sorted(kept) if name in set(snippets())}
    path.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "examples", nargs="*", help="snippets/<chapter>/<name>.py (default: not current)"
    )
    parser.add_argument("--all", action="store_true", help="every example, current or not")
    args = parser.parse_args(argv)
    everything = list(snippets())
    names = args.examples or (everything if args.all else unchecked(everything, load()))
    if not names:
        print(f"every example's record in {RECORD.relative_to(ROOT)} is current: nothing to check")
        return 0
    print(f"{len(names)} examples under {HOW} ...", flush=True)
    problems = differences(names, want=expected(names))
    record(names, problems)
    for problem in problems.values():
        print(problem, end="\n\n")
    print(
        f"{len(names) - len(problems)} passed, {len(problems)} differ; recorded in {RECORD.relative_to(ROOT)}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
