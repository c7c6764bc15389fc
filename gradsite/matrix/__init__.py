"""The compatibility matrix, every example on every PyTorch release: this module is its data,
which the build reads (notes.py says it on the pages, gradsite/claims/ names each claim's
releases); command.py runs it (`make matrix`), worker.py runs the examples in each release's env.

data/matrix.json keeps, per release, its provenance (torch build, CPU model, the vector capability
ATen used) and, per example, the sha256 of its source when it ran, passed/failed/warned, the
error (first line) and its line, and the sha256 of its output. data/matrix-outputs.json keeps
each distinct output (for a failure, what it printed before failing) once, by that hash: most
releases print the same, so 17 cost little more than one. A record counts only while the
example's source is the one that ran (`rows`): an edited example shows no note until its row is
refreshed, and `make test` says so (tests/test_matrix.py)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from gradsite.project import CLAIM_COMMENT, PINNED_TORCH, ROOT, snippets

__all__ = ["ROOT", "load"]

DATA = ROOT / "data" / "matrix.json"

# Every minor release from 1.13, its last patch: the only list of releases.
RELEASES = tuple(
    "1.13.1 2.0.1 2.1.2 2.2.2 2.3.1 2.4.1 2.5.1 2.6.0 2.7.1 2.8.0 2.9.1 2.10.0 2.11.0 2.12.1 "
    "2.13.0 2.14.1 2.15.0".split()
)
# Only with a wheel index (CI): --index https://download.pytorch.org/whl/nightly/cpu
NIGHTLY = "nightly"
PINNED = PINNED_TORCH  # None in a copy of the site without pyproject.toml


def version_key(release: str) -> tuple:
    return (999,) if release == NIGHTLY else tuple(int(part) for part in release.split("."))


def source_hash(example: str, root: Path = ROOT) -> str:
    """The example's code, without its `# claim:` lines: naming a claim changes no behaviour."""
    lines = (root / example).read_bytes().splitlines(keepends=True)
    code = b"".join(line for line in lines if not CLAIM_COMMENT.match(line.decode("utf-8")))
    return hashlib.sha256(code).hexdigest()[:16]


def outputs_path(path: Path = DATA) -> Path:
    """The output texts beside a data file: data/matrix.json -> data/matrix-outputs.json."""
    return path.with_name(f"{path.stem}-outputs.json")


def load(path: Path = DATA) -> dict:
    """{"releases": {release: row}, "outputs": {output hash: text}} from the file and its twin."""
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
    entry = {key: result[key] for key in ("status", "error", "line", "output")}
    row["examples"][result["example"]] = {"source": source, **entry}
    row["examples"] = dict(sorted(row["examples"].items()))
    data.setdefault("outputs", {})[result["output"]] = result["text"]


def todo(
    data: dict, release: str, wanted: list[str], *, force: bool = False, root: Path = ROOT
) -> list[str]:
    """The examples of `wanted` this release has no current record of."""
    recorded = data["releases"].get(release, {}).get("examples", {})
    return [
        e
        for e in wanted
        if force or e not in recorded or recorded[e]["source"] != source_hash(e, root)
    ]


def refresh_command(release: str, names: list[str]) -> str:
    return f'make matrix RELEASES={release} EXAMPLES="{" ".join(names)}"'


def stale(data: dict, release: str = PINNED, root: Path = ROOT) -> list[str]:
    """Every way the release's row differs from the examples now: one line each, empty if none."""
    recorded = data["releases"].get(release, {}).get("examples", {})
    present = snippets(root)
    problems = [
        f"{e}: edited since its row was recorded" if e in recorded else f"{e}: not in the matrix"
        for e in todo(data, release, present, root=root)
    ]
    gone = sorted(set(recorded) - set(present))
    return problems + [f"{example}: recorded, but no such example any more" for example in gone]


def rows(data: dict | None = None, root: Path = ROOT) -> dict[str, dict[str, dict]]:
    """example -> release -> its current record (records of an older source left out)."""
    data = load() if data is None else data
    hashes: dict[str, str | None] = {}  # each example read once, not once per release
    out: dict[str, dict[str, dict]] = {}
    for release, row in sorted(data["releases"].items(), key=lambda item: version_key(item[0])):
        for example, entry in row["examples"].items():
            if example not in hashes:
                hashes[example] = source_hash(example, root) if (root / example).is_file() else None
            if entry["source"] == hashes[example]:
                out.setdefault(example, {})[release] = entry
    return out


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
