"""The toolchain canary: this site built by what may replace MkDocs, compared with MkDocs.

`make canary` runs it with .venv-canary's Python from the project root (CONTRIBUTING.md, "The
toolchain after Material"): MkDocs builds the site strict, the reference; ProperDocs builds it
strict and every file is compared (`compare`: the same bytes, or a unified diff; zips: the
members); the newest Zensical builds a copy of the project and the report says what of the site it
kept and dropped (`zensical_findings`). The report goes to stdout and <out>/canary.md, the diffs
to <out>/properdocs.diff. Exit status 1 when ProperDocs fails to build or its pages differ: the
move the plan relies on. Zensical's findings are information: it is not expected to host this
site yet.
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from importlib import metadata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CHAPTER = "zeroing/index.html"  # a chapter page with examples, math-free; pictures are elsewhere
DIFF_LINES = 40  # per file in the report; the whole diff is in properdocs.diff
_GENERATOR = re.compile(rb'^\s*<meta name="generator" content="[^"]*">\s*$', re.M)


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def _newest(name: str) -> str | None:
    """The newest release on the package index, as pip sees it (one look-up)."""
    command = [sys.executable, "-m", "pip", "index", "versions", name]
    done = subprocess.run(command, capture_output=True, text=True)
    match = re.search(rf"^{re.escape(name)} \(([^)]+)\)", done.stdout, re.M)
    return match[1] if match else None


def _run(command: list[str], cwd: Path, log: Path) -> tuple[int, float]:
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT)
    return done.returncode, time.monotonic() - started


def _build(tool: str, out: Path) -> tuple[int, float]:
    """`<tool> build --strict` of the project into <out>/<tool>, logged to <out>/<tool>.log."""
    command = [str(BIN / tool), "build", "--strict", "--site-dir", str(out / tool)]
    return _run(command, ROOT, out / f"{tool}.log")


def _zip_members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _bare(data: bytes) -> bytes:
    """A page without its `<meta name="generator">` line, which names the tool that built it."""
    return _GENERATOR.sub(b"", data)


def compare(reference: Path, other: Path) -> tuple[int, list[str], list[str], str]:
    """(identical files, files that differ only in the generator tag, other differences in words, the diffs)."""
    a, b = (
        {p.relative_to(s).as_posix(): p for p in sorted(s.rglob("*")) if p.is_file()}
        for s in (reference, other)
    )
    same, generator_only, diffs = 0, [], []
    words = [f"only in the MkDocs build: {name}" for name in sorted(a.keys() - b.keys())]
    words += [f"only in the ProperDocs build: {name}" for name in sorted(b.keys() - a.keys())]
    for name in sorted(a.keys() & b.keys()):
        left, right = a[name].read_bytes(), b[name].read_bytes()
        if left == right:
            same += 1
        elif name.endswith(".zip"):
            x, y = _zip_members(left), _zip_members(right)
            members = sorted(m for m in x.keys() | y.keys() if x.get(m) != y.get(m))
            real = [m for m in members if _bare(x.get(m, b"")) != _bare(y.get(m, b""))]
            if real:
                words.append(f"{name}: {len(real)} member(s) differ: {', '.join(real[:8])}")
            else:
                generator_only.append(f"{name} ({len(members)} pages inside)")
        elif _bare(left) == _bare(right):
            generator_only.append(name)
        else:
            words.append(f"{name}: differs")
            try:
                lines = [side.decode().splitlines(keepends=True) for side in (left, right)]
            except UnicodeDecodeError:
                diffs.append(f"Binary files {name} differ\n")
            else:
                diffs += difflib.unified_diff(*lines, f"mkdocs/{name}", f"properdocs/{name}", n=1)
    return same, generator_only, words, "".join(diffs)


def _read(site: Path, name: str) -> str:
    path = site / name
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def _pages_found(reference: Path, site: Path) -> list[str]:
    """The pages at MkDocs' addresses, and the two languages (the i18n plugin)."""
    pages, expected = (
        {p.relative_to(s).as_posix() for p in s.rglob("index.html")} for s in (site, reference)
    )
    en = {p for p in expected if p.startswith("en/")}
    zh = expected - en
    others = sorted(pages - expected)
    return [
        f"Pages: {len(expected & pages)} of MkDocs' {len(expected)} at the same address "
        f"({len(zh & pages)} of {len(zh)} Chinese at /, {len(en & pages)} of {len(en)} English under /en/)"
        + (f"; it made {len(others)} others: {', '.join(others[:6])}" if others else ""),
        # two languages from one docs/ with index.zh.md / index.en.md
        f"Languages: English pages built ({len(en & pages)} of {len(en)})"
        if en & pages
        else "Languages: DROPPED. No English site under /en/: the i18n plugin (mkdocs-static-i18n) "
        "was not run, so one of the two languages is lost",
    ]


def _twin(site: Path, name: str) -> str:
    """The page Zensical made for MkDocs' page `name`: the same address, or <folder>/index.zh/."""
    folder = name.removesuffix("index.html")
    return _read(site, name) or _read(site, f"{folder}index.zh/index.html")


# What each hook leaves on the zeroing page, by which it is seen to have run.
HOOK_MARKERS = {
    "gradsite/hooks.py": (
        "the torch version line under every page (config.extra set by the hook)",
        "gs-provenance",
    ),
    "gradsite/matrix/notes.py": ("the compatibility note under each example", "mx-note"),
    "gradsite/downloads/": (
        "the notebook and examples-zip links under the chapter title",
        "gs-downloads",
    ),
}


def _hooks_found(site: Path, config: dict) -> list[str]:
    """Which of the hooks' jobs ran: each seen by a marker, the search split, the offline copy."""
    chapter = _twin(site, CHAPTER)
    found = []
    for hook, (what, marker) in HOOK_MARKERS.items():
        kept = marker in chapter
        found.append(
            f"Hook {hook}: {'ran' if kept else 'DROPPED'} ({what} {'is' if kept else 'is not'} on the zeroing page)"
        )
    split = (site / "en" / "search" / "search_index.json").exists()
    found.append(
        f"Hook gradsite/languages.py: {'ran' if split else 'DROPPED'} (a search index per language, "
        f"en/search/search_index.json {'exists' if split else 'is missing'})"
    )
    made = (site / "downloads" / "pytorch-gradients-offline.zip").exists()
    found.append(f"Offline copy (gradsite/downloads/offline.py): {'made' if made else 'DROPPED'}")
    checked = [*HOOK_MARKERS, "gradsite/languages.py"]
    unchecked = [h for h in config.get("hooks", []) if h not in checked]
    if unchecked:
        found.append(
            f"Hooks not checked by a marker: {', '.join(unchecked)} (they run only if the others do)"
        )
    return found


def _content_found(reference: Path, site: Path) -> list[str]:
    """The examples (markdown-exec through gradsite.runner), math, pictures, counted."""
    found = []
    for what, marker, page in (
        ("Code blocks, examples and their outputs,", 'class="highlight"', CHAPTER),
        ("MathML math", "<math", "accumulation/index.html"),
        ("Pictures", "gs-figure", "retention/index.html"),
    ):
        ref, got = _read(reference, page).count(marker), _twin(site, page).count(marker)
        same = "" if got == ref else ": DIFFERENT"
        found.append(f"{what} on {page}: {got} (MkDocs: {ref}){same}")
    return found


def _search_found(site: Path, config: dict) -> list[str]:
    """The search settings MkDocs writes into search/search_index.json, and jieba's words."""
    wanted = next(
        (p["search"] for p in config.get("plugins", []) if isinstance(p, dict) and "search" in p),
        {},
    )
    indexes = sorted(p for p in site.rglob("*.json") if "search" in p.name)
    found = [] if indexes else ["Search: no search index file (*search*.json) in its output"]
    for index in indexes[:3]:
        text = index.read_text(encoding="utf-8", errors="replace")
        try:
            settings = json.loads(text).get("config", {})
        except (json.JSONDecodeError, AttributeError):
            settings = {}
        kept = []
        for key in ("lang", "separator", "pipeline"):
            value, want = settings.get(key), wanted.get(key)
            dropped = f"DROPPED ({value!r}, mkdocs.yml: {want!r})"
            kept.append(f"{key} {'kept' if value == want else dropped}")
        jieba = "\u200b" in text
        found.append(
            f"Search ({index.relative_to(site).as_posix()}): {'; '.join(kept)}; "
            f"Chinese text {'segmented by jieba' if jieba else 'NOT segmented by jieba (no U+200B between words)'}"
        )
    return found


def zensical_findings(reference: Path, site: Path, config: dict) -> list[str]:
    """What Zensical's build kept and dropped, in words, against the MkDocs build."""
    found = _pages_found(reference, site) + _hooks_found(site, config)
    return found + _content_found(reference, site) + _search_found(site, config)


def _copy_project(target: Path) -> None:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)


def _properdocs(out: Path) -> tuple[list[str], int]:
    """ProperDocs' strict build compared with MkDocs' file by file: the report's section, and 1
    when it failed or its pages differ."""
    code, took = _build("properdocs", out)
    report = ["## ProperDocs\n"]
    if code:
        tail = (out / "properdocs.log").read_text(encoding="utf-8")[-2000:]
        report.append(
            f"The strict build FAILED in {took:.0f} s; the end of properdocs.log:\n\n```\n{tail}\n```\n"
        )
        return report, 1
    same, generator_only, words, diffs = compare(out / "mkdocs", out / "properdocs")
    (out / "properdocs.diff").write_text(diffs, encoding="utf-8")
    report.append(
        f"Strict build in {took:.0f} s. Of the files of the MkDocs build, {same} are byte-identical, "
        f'{len(generator_only)} differ only in the `<meta name="generator">` line that names the tool '
        f"(the HTML pages, and the offline zip that holds them), {len(words)} differ otherwise"
        + (":\n" if words else ": the pages are the same.\n")
    )
    if generator_only:
        report.append(f"Generator line only: {', '.join(generator_only)}.\n")
    if not words:
        return report, 0
    diff = ["", "```diff", *diffs.splitlines()[:DIFF_LINES], "```", ""]
    return [*report, *(f"- {line}" for line in words), *diff], 1


def _said_about_hooks(log: str) -> list[str]:
    """Zensical's own lines about hooks and plugins: its messages start the line; what it echoes
    of the pages is indented or boxed (an example's comment about DDP's communication hook, a
    figure's HTML)."""
    own = [line.strip() for line in log.splitlines() if not line[:1].isspace() and len(line) < 300]
    about = [line for line in own if re.search(r"(?i)\b(hook|plugin)s?\b", line)]
    return sorted({line for line in about if not re.search(r"[<│]", line)})


def _zensical(out: Path, config: dict) -> list[str]:
    """The newest Zensical builds a copy of the project: the report's section, in words."""
    project = out / "zensical-project"
    _copy_project(project)
    command = [str(BIN / "zensical"), "build", "--config-file", "mkdocs.yml"]
    code, took = _run(command, project, out / "zensical.log")
    log = (out / "zensical.log").read_text(encoding="utf-8", errors="replace")
    log = re.sub(r"\x1b\[[0-9;]*m", "", log)
    (out / "zensical.log").write_text(log, encoding="utf-8")
    report = ["## Zensical\n"]
    newest = _newest("zensical")
    if newest and newest != _version("zensical"):
        report.append(
            f"The newest Zensical on the package index is {newest}, but pip installed {_version('zensical')} "
            "here: the newer releases need a dependency this index does not serve (see `pip install zensical=="
            f"{newest}`).\n"
        )
    issues = re.findall(r"^(\d+) issues? found", log, re.M)
    error = re.findall(r"^\w+Error: (.*)$", log, re.M)
    report.append(
        f"`zensical build --config-file mkdocs.yml` {'finished' if code == 0 else f'FAILED (exit {code})'} in "
        f"{took:.0f} s{f': {error[-1]}' if error else ''}; {issues[-1] if issues else 'no'} issue(s) reported "
        "(mkdocs.yml sets `strict: true`; zensical.log has them).\n"
    )
    said = _said_about_hooks(log)
    if said:
        lines = "\n".join(f"    {line}" for line in said[:8])
        report.append(f"What it says about hooks and plugins:\n\n{lines}\n")
    else:
        report.append("It says nothing about `hooks:` or the plugins it does not run.\n")
    site = project / config.get("site_dir", "site")
    if site.exists():
        return report + [f"- {line}" for line in zensical_findings(out / "mkdocs", site, config)]
    return [*report, f"No site was written; the end of zensical.log:\n\n```\n{log[-2000:]}\n```"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / ".cache" / "canary")
    out = parser.parse_args().out.resolve()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    report = [
        "# Toolchain canary",
        "",
        f"MkDocs {_version('mkdocs')}, Material {_version('mkdocs-material')}, "
        f"ProperDocs {_version('properdocs')}, Zensical {_version('zensical')}, torch {_version('torch')}.",
        "",
    ]
    code, took = _build("mkdocs", out)
    report.append(
        f"## MkDocs (the reference)\n\n{'built' if code == 0 else 'FAILED'} in {took:.0f} s (log: mkdocs.log).\n"
    )
    if code:
        print("\n".join(report) + "\n" + (out / "mkdocs.log").read_text(encoding="utf-8")[-3000:])
        return 1
    properdocs, status = _properdocs(out)
    text = "\n".join([*report, *properdocs, *_zensical(out, config), ""])
    (out / "canary.md").write_text(text, encoding="utf-8")
    print(text)
    print(f"(all of it in {out})")
    return status


class _Loader(yaml.SafeLoader):
    """mkdocs.yml's tags (!ENV, !!python/name) read as plain values: only names are needed here."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


if __name__ == "__main__":
    os.environ.setdefault("DISABLE_MKDOCS_2_WARNING", "true")
    # The PDFs (gradsite/downloads/book.py) are Chromium's work, the same under either tool: left out, for time.
    os.environ.setdefault("GRADSITE_PDF", "0")
    sys.exit(main())
