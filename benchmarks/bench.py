"""`make bench`: what a build costs on this machine, checked against the budgets of issue 8.

Prints, as medians over RUNS runs (each in a fresh process unless said otherwise):

1. clean build: `mkdocs build` of the project as it is;
2. the same build with execution off (GRADSITE_NO_EXEC=1): what MkDocs alone costs;
   2b. that build again in a warm process, as `mkdocs serve` rebuilds;
3. every distinct example the build runs (figure 6: the files under snippets/ and the
   figure blocks written in pages, one per language), run once in one Python process in
   the build's order: what executing the examples costs at least. Figures 1 and 2 are
   whole-process times, so this one is too: a fresh process that runs the examples and
   exits, minus one that only makes the same imports and exits. That counts what the
   examples cost after they return (the process unloads the modules they imported).
   3a: the same for the files under snippets/ only; 3b: figure 3's loop alone, timed
   inside the process; 3c: the same as 3 for the examples that call torch.compile, what
   they add to a build (budget 10 s, issue 33; also in `--suite-only`);
4. the execution overhead factor (1 - 2) / 3, and 4a: (1 - 2) / 3a;
5. a warm rebuild after a one-line prose edit, in one process, as `mkdocs serve` does
   (on a copy of the project: the checkout is never edited);
6. example executions per clean build, against the distinct examples it served;
7. each chapter page's bytes on first load (gzip), split HTML/CSS/JS/images, and the
   search index;
8. the two-process DDP example of the accumulation chapter, run as a reader would
   (issue 5's budget: 15 s on this 2-core machine);
9. `make build` (its command, `python -m gradsite.downloads`, gradsite/downloads/offline.py): the site
   printing the PDFs (gradsite/book.py), then the offline copy's build and its zip; 9a: that
   minus figure 1, what the PDFs and the offline copy add. Figures 1, 2 and 5 are the site's
   build alone (`mkdocs build`), without the PDFs (GRADSITE_PDF=0): `mkdocs serve` never
   prints them, and the printed book is longer with real outputs than with execution off, so
   counting them in figure 4 would charge Chromium's printing to the examples;
10. `make test-fast`: its pytest command, read from the Makefile, in a fresh process (README
   promises it under a minute; a slow example makes every author pay it);
11. `make test`: its pytest command, once (it takes minutes), in a fresh process: the seconds
   pytest reports, and 11a their ratio to figure 9 (`make build`, clean): how many clean
   builds the suite costs
   (issue 34: at most 180 s and 5 builds on a quiet 2-core machine). 11b: how many times it
   ran each example, counted in every process it started (benchmarks/count_runs). Without
   Chromium the suite leaves the browser tests and the PDFs out: the figure says so.

Then says which budget holds. `--record` also appends the figures to BENCHMARKS.md.
Nothing here is a test: timings on a shared machine are noisy, so read them as such.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import gzip
import importlib.util
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from gradsite.downloads import book
from gradsite.project import (
    CHAPTERS,
    LANGUAGES,
    ROOT,
    snippets,
    split_example,
    url_prefix,
)  # described once

sys.path.insert(0, str(ROOT / "tests"))
from sitebuild import copy_project  # noqa: E402 - the test suite's own project copy

PROSE_PAGE = "docs/retention/index.en.md"
KB = 1024

BUDGET_OVERHEAD = 1.2  # (clean - no-exec) / every distinct example once
BUDGET_WARM = 1.2  # warm prose rebuild / no-exec rebuild in the same kind of process
BUDGET_PAGE = 250 * KB  # a chapter page's first load, search index excluded
BUDGET_PDF = 20.0  # seconds the PDFs and the offline copy add to the site's build (make build)
BUDGET_DDP = 15.0  # seconds for the two-process DDP example (issue 5), run as a reader would
BUDGET_TEST_FAST = 60.0  # seconds for `make test-fast` (README: "under a minute")
BUDGET_SUITE = 180.0  # seconds of pytest for `make test` (issue 34)
BUDGET_SUITE_BUILDS = 5.0  # `make test` / one clean build with the PDFs and the offline copy
BUDGET_RUNS = 2  # times `make test` runs an example, at most (whole file or recipe alone)
BUDGET_COMPILE = (
    10.0  # seconds the examples that call torch.compile add to a clean build (issue 33)
)
RUN_KINDS = ("file", "recipe", "file-drift", "recipe-drift")  # benchmarks/count_runs
COUNTER = ROOT / "benchmarks" / "count_runs"  # the audit hook that counts them
DDP_EXAMPLE = "snippets/accumulation/ddp_no_sync.py"

# Builds the project in a fresh process, then prints the example counters.
BUILD = """
import json, logging, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
logging.getLogger("mkdocs").setLevel(logging.ERROR)
config = load_config("mkdocs.yml", site_dir=sys.argv[1])
try:
    build(config)
    code = 0
except Exception:
    code = 1
runner = config["gradsite"].runner  # the build's runner Context (gradsite/hooks.py)
print("COUNTS" + json.dumps({"code": code, "executions": runner.executions, "examples": len(runner.results)}))
"""

# The floor of execution, in one process. "snippets": every file under snippets/ once.
# "examples": every distinct example the build runs once, in the build's order: the pages,
# Chinese then English; a snippet the first time a page includes it, a block written in a
# page (a figure, worded per language) in its page's language, reusing its snippet's
# globals as the build does. "none": neither, only the imports.
FLOOR = """
import io, json, sys, time, warnings
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
import torch
from gradsite import runner
from gradsite.pages import fences
from gradsite.project import LANGUAGES

def run(code, origin):
    namespace = {"__name__": "__main__", "__file__": origin}
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()), warnings.catch_warnings():
        exec(compile(code, origin, "exec"), namespace)
    return namespace

examples = []  # (language, origin, code), each distinct example once
if sys.argv[1] == "snippets":
    examples = [(None, str(p), p.read_text()) for p in sorted(Path("snippets").rglob("*.py"))]
elif sys.argv[1] == "compile":  # the examples that call torch.compile (backend="aot_eager")
    examples = [
        (None, str(p), p.read_text())
        for p in sorted(Path("snippets").rglob("*.py"))
        if "torch.compile" in p.read_text()
    ]
elif sys.argv[1] == "examples":
    seen = set()
    for language in LANGUAGES:
        for page in sorted(Path("docs").rglob(f"*.{language}.md")):
            for fence in (f for f in fences(page.read_text(encoding="utf-8")) if f.executed):
                body, include = fence.body.strip(), fence.include
                origin = include or str(page)
                code = Path(origin).read_text() if include else body
                if (code, None if include else language) not in seen:
                    seen.add((code, None if include else language))
                    examples.append((None if include else language, origin, code))
start = time.perf_counter()
build = runner.Context()
for language, origin, code in examples:
    if language:
        build.language = language
    with runner.telling(build):
        namespace = run(code, origin)
    if origin.startswith("snippets/"):  # figures draw the globals of its run (Context.result)
        build.latest[origin] = origin
        build.results[origin] = runner.Result("", code=code, namespace=namespace)
print("FLOOR" + json.dumps({"seconds": time.perf_counter() - start, "count": len(examples)}))
"""

# In one process, as `mkdocs serve`: a first build, then RUNS times a no-exec rebuild
# and a rebuild after a prose edit.
WARM = """
import json, os, sys, time
from mkdocs.commands.build import build
from mkdocs.config import load_config
from gradsite import runner

site, page, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
# Each rebuild is a new build, as in `make serve`, which keeps outputs on disk across them.
os.environ[runner.DISK_CACHE] = os.path.join(site + "-outputs")
def timed_build():
    config = load_config("mkdocs.yml", site_dir=site)
    start = time.perf_counter()
    build(config)
    return time.perf_counter() - start, config["gradsite"].runner.executions

timed_build()
floor, prose, ran = [], [], []
for n in range(runs):
    os.environ["GRADSITE_NO_EXEC"] = "1"
    floor.append(timed_build()[0])
    del os.environ["GRADSITE_NO_EXEC"]
    with open(page, "a", encoding="utf-8") as file:
        file.write(f"\\nOne more line of prose ({n}).\\n")
    seconds, executions = timed_build()
    prose.append(seconds)
    ran.append(executions)
print("WARM" + json.dumps({"floor": floor, "prose": prose, "ran": ran}))
"""


def fast_suite_command(python: str = sys.executable) -> list[str]:
    """`make test-fast`'s command, read from the Makefile: figure 10 times what README promises."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^test-fast:.*\n\t(.+)$", makefile, re.M)[1]
    return shlex.split(recipe.replace("$(BIN)/python", python).replace("$(ARGS)", ""))


def suite_command(python: str = sys.executable) -> list[str]:
    """`make test`'s command, read from the Makefile: figure 11."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^test:.*\n\t(.+)$", makefile, re.M)[1]
    return shlex.split(recipe.replace("$(BIN)/python", python))


def _counter():
    spec = importlib.util.spec_from_file_location("count_runs", COUNTER / "sitecustomize.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pytest_seconds(output: str) -> float | None:
    """The seconds on pytest's closing line ("=== 1064 passed in 171.20s (0:02:51) ===")."""
    found = re.findall(r"=+ .* in ([\d.]+)s\b.*=+\s*$", output, re.M)
    return float(found[-1]) if found else None


def machine_busy() -> float | None:
    """Seconds of CPU the whole machine has spent busy, all cores (Linux's /proc/stat); None
    elsewhere. Around `make test` on a quiet machine, this counts what `os.times` cannot: Chromium
    and every process the suite starts and never waits for."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields)
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def counted_suite(folder: Path) -> dict:
    """`make test` once, in a fresh process, each example's runs counted (benchmarks/count_runs):
    {"runs": {kind: {example: count}}, ...}, the kinds `file` (the whole file), `recipe` (its
    recipe alone) and, against a simulated PyTorch change (drift cases), `file-drift`."""
    folder.mkdir()
    counter = _counter()
    examples = {}
    for name in snippets():
        code = (ROOT / name).read_text(encoding="utf-8")
        recipe = split_example(code).recipe
        examples[counter.key(recipe)] = [name, "recipe"]
        examples[counter.key(code)] = [name, "file"]  # the same key when it has no checks
    (folder / "examples.json").write_text(json.dumps(examples), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("GRADSITE_CACHE", "GRADSITE_NO_EXEC")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(COUNTER), env.get("PYTHONPATH")]))
    env["GRADSITE_COUNT_RUNS"] = str(folder)
    started, busy = time.perf_counter(), machine_busy()
    cpu = os.times()
    done = subprocess.run(suite_command(), cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = os.times()
    busy = None if busy is None else machine_busy() - busy
    if done.returncode != 0:
        sys.exit(f"make test failed:\n{done.stdout[-3000:]}")
    return {
        "seconds": pytest_seconds(done.stdout),
        "wall": wall,
        # user + system CPU of make test and every process it waited for
        "cpu": after.children_user
        + after.children_system
        - cpu.children_user
        - cpu.children_system,
        "machine": busy,  # the whole machine's core-seconds over the same time
        "runs": count_runs(folder / "runs.txt", examples),
        "sources": count_sources(folder / "runs.txt"),
        "closing": done.stdout.strip().splitlines()[-1],
        "browser": book.chromium() is not None,
    }


def count_runs(runs: Path, examples: dict) -> dict[str, dict[str, int]]:
    """runs.txt ("<kind> <key>" lines) as {kind: {example: runs}}, every example in each kind."""
    names = sorted({name for name, _ in examples.values()})
    counts = {kind: dict.fromkeys(names, 0) for kind in RUN_KINDS}
    for line in runs.read_text().splitlines() if runs.exists() else []:
        kind, found = line.split()[:2]
        counts.setdefault(kind, dict.fromkeys(names, 0))[examples[found][0]] += 1
    return counts


def count_sources(runs: Path) -> dict[str, collections.Counter]:
    """runs.txt's third field: {kind: Counter(where the runs came from)}, the examples as they
    are (`file`, `recipe`), for figure 11f."""
    sources = {"file": collections.Counter(), "recipe": collections.Counter()}
    for line in runs.read_text().splitlines() if runs.exists() else []:
        kind, _, where = (line.split() + ["?"])[:3]
        if kind in sources:
            sources[kind][where] += 1
    return sources


def build_command(python: str, site: str) -> list[str]:
    """`make build`'s command, as the Makefile has it (tests/test_bench.py compares them)."""
    return [python, "-m", "gradsite.downloads", site]


def make_build(site: Path) -> float:
    """Seconds of a clean `make build` (its command: python -m gradsite.downloads): figure 9."""
    started = time.perf_counter()
    done = subprocess.run(
        build_command(sys.executable, str(site)),
        cwd=ROOT,
        env=_env(**{book.SWITCH: "1"}),
        capture_output=True,
        text=True,
    )
    if done.returncode != 0 or not (site / "downloads").is_dir():  # a command that builds nothing
        sys.exit(f"make build failed or built no site:\n{(done.stdout + done.stderr)[-3000:]}")
    return time.perf_counter() - started


def suite_figures(suite: dict, clean_with_pdf: float) -> tuple[list[str], list[tuple[str, bool]]]:
    """Figure 11's rows and its budgets."""
    ratio = suite["seconds"] / clean_with_pdf
    runs = suite["runs"]
    unchanged = {name: runs["file"][name] + runs["recipe"][name] for name in runs["file"]}
    most = max(unchanged.values())
    over = ", ".join(f"{name} {n}×" for name, n in sorted(unchanged.items()) if n > BUDGET_RUNS)
    without = "" if suite["browser"] else " (no Chromium: browser tests and PDFs left out)"
    machine = (
        f", {suite['machine']:.0f} core-seconds of the whole machine"
        if suite.get("machine") is not None
        else ""
    )

    def spread(counts: dict[str, int]) -> str:
        times = collections.Counter(counts.values())
        return ", ".join(f"{n}×: {k}" for n, k in sorted(times.items()))

    rows = [
        f"| 11 | `make test` (its pytest command, once): seconds pytest reports{without}"
        f" | {suite['seconds']:.1f} s ({suite['wall']:.1f} s wall, {suite['cpu']:.0f} s CPU of the"
        f" processes it waited for{machine}) |",
        f"| 11a | figure 11 / figure 9, a clean `make build` ({clean_with_pdf:.2f} s)"
        f" | {ratio:.2f} builds |",
        f"| 11b | runs of each of the {len(unchanged)} examples in figure 11, whole file or recipe"
        f" alone (examples per count) | {spread(unchanged)} |",
        f"| 11c | of which the whole file | {spread(runs['file'])} |",
        f"| 11d | of which the recipe alone (a notebook's cell) | {spread(runs['recipe'])} |",
        f"| 11e | runs against a simulated PyTorch change (drift cases), not counted above"
        f" | {sum(runs['file-drift'].values()) + sum(runs['recipe-drift'].values())} in all, "
        f"{spread({n: runs['file-drift'][n] + runs['recipe-drift'][n] for n in unchanged})} |",
        "| 11f | where the runs of 11c and 11d come from: the first project file, or package, "
        "that compiled the example, and after <- the test pytest was running (runs) | "
        + "; ".join(
            f"{kind}: "
            + ", ".join(f"`{where}` {n}" for where, n in suite["sources"][kind].most_common(8))
            for kind in ("file", "recipe")
            if suite.get("sources", {}).get(kind)
        )
        + " |",
    ]
    budgets = [
        (
            f"make test {suite['seconds']:.1f} s of pytest ≤ {BUDGET_SUITE:.0f} s, "
            f"{ratio:.2f} ≤ {BUDGET_SUITE_BUILDS:.0f} clean builds{without}",
            suite["seconds"] <= BUDGET_SUITE and ratio <= BUDGET_SUITE_BUILDS,
        ),
        (
            f"make test runs each example at most {BUDGET_RUNS} times, whole file or recipe "
            f"alone (most: {most}{'; over: ' + over if over else ''})",
            not over,
        ),
    ]
    return rows, budgets


def _env(**extra: str) -> dict[str, str]:
    skip = ("GRADSITE_CACHE", "GRADSITE_NO_EXEC", book.SWITCH)
    env = {k: v for k, v in os.environ.items() if k not in skip}
    return env | {book.SWITCH: "0"} | extra  # figure 9 (make build) alone prints the PDFs


def _python(
    script: str, *args: str, cwd: Path = ROOT, marker: str, **env: str
) -> tuple[float, dict]:
    """Run a script in a fresh interpreter; its wall time and the JSON it printed after `marker`."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=cwd,
        env=_env(**env),
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0 or marker not in done.stdout:
        sys.exit(f"benchmark step failed:\n{(done.stdout + done.stderr)[-3000:]}")
    return seconds, json.loads(done.stdout.split(marker, 1)[1].splitlines()[0])


def compile_floor(runs: int) -> tuple[float, int]:
    """Seconds the examples that call torch.compile add to a build (figure 3c): they run in one
    process, as the build's runner runs them, less that process without them (Dynamo's import
    and warm-up included, which a build pays too); the median of `runs`, and how many there are."""
    seconds, count = [], 0
    for _ in range(runs):
        floor = _python(FLOOR, "none", marker="FLOOR")[0]
        with_them, timing = _python(FLOOR, "compile", marker="FLOOR")
        seconds.append(with_them - floor)
        count = timing["count"]
    return statistics.median(seconds), count


def compile_figure(runs: int) -> tuple[str, tuple[str, bool]]:
    seconds, count = compile_floor(runs)
    row = (
        f"| 3c | the {count} examples that call `torch.compile`, once, one process"
        f" (process with them − without) | {seconds:.2f} s |"
    )
    return row, (
        f"the examples that compile add {seconds:.2f} s ≤ {BUDGET_COMPILE:.0f} s to a build",
        seconds <= BUDGET_COMPILE,
    )


# --- page weight ----------------------------------------------------------------

_ASSET = re.compile(
    r'<link\b[^>]*\brel="(?P<rel>stylesheet|icon|shortcut icon)"[^>]*\bhref="(?P<href>[^"]+)"'
    r'|<script\b[^>]*\bsrc="(?P<script>[^"]+)"'
    r'|<img\b[^>]*\bsrc="(?P<img>[^"]+)"'
)
_WORKER = re.compile(
    r'"search":\s*"(?P<worker>[^"]+)"'
)  # Material starts its search worker on load
_CSS_URL = re.compile(r'url\((?![\'"]?data:)[\'"]?([^\'")]+)')


def _gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))  # a common server setting


def page_weight(site: Path, page: str) -> dict[str, int]:
    """Bytes a browser transfers to show `page` first (gzip), by kind; search index excluded."""
    url = f"/{page}/"
    html = (site / page / "index.html").read_bytes()
    weight = {"html": _gz(html), "css": 0, "js": 0, "images": 0}
    assets = []
    for match in _ASSET.finditer(html.decode()):
        if match["href"]:
            assets.append(("css" if match["rel"] == "stylesheet" else "images", match["href"]))
        else:
            assets.append(("js", match["script"]) if match["script"] else ("images", match["img"]))
    assets += [("js", m["worker"]) for m in _WORKER.finditer(html.decode())]
    seen = set()
    while assets:
        kind, ref = assets.pop()
        target = urlsplit(urljoin(url, ref))
        if target.netloc or target.path in seen:
            continue  # another host (the build forbids it) or already counted
        seen.add(target.path)
        path = site / target.path.lstrip("/")
        if not path.is_file():
            continue
        data = path.read_bytes()
        weight[kind] += _gz(data)
        if kind == "css":  # fonts and pictures a stylesheet loads
            assets += [
                ("images", urljoin(target.path, ref)) for ref in _CSS_URL.findall(data.decode())
            ]
    return weight


# --- the run ----------------------------------------------------------------------


def machine() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        names = re.findall(r"model name\s*:\s*(.+)", cpuinfo.read_text())
        cpu = names[0] if names else cpu
    import torch  # noqa: PLC0415 - only for its version, once

    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "torch": torch.__version__,
        "load": " ".join(f"{x:.1f}" for x in os.getloadavg()),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument("--record", action="store_true", help="append the figures to BENCHMARKS.md")
    parser.add_argument("--no-suite", action="store_true", help="leave out figure 11 (make test)")
    parser.add_argument(
        "--suite-only",
        action="store_true",
        help="figures 9, 11 and 3c alone: make build, make test, the compiling examples",
    )
    args = parser.parse_args()
    runs = args.runs
    facts = machine()
    print(
        f"{facts['date']} · {facts['machine']} · Python {facts['python']} · torch {facts['torch']}"
    )
    print(
        f"load average at start: {facts['load']} (timings are noisy when it exceeds the CPU count)\n"
    )
    if args.suite_only:
        with tempfile.TemporaryDirectory(prefix="gradsite-bench-") as tmp:
            clean = statistics.median(make_build(Path(tmp) / f"site-{n}") for n in range(runs))
            rows, budgets = suite_figures(counted_suite(Path(tmp) / "suite-runs"), clean)
        compiled_row, compiled_budget = compile_figure(runs)
        budgets.append(compiled_budget)
        lines = [
            "Figures 9, 11 and 3c only (`--suite-only`); 9 and 3c are medians of "
            f"{runs} run{'s' if runs > 1 else ''}.",
            "",
            "| # | figure | value |",
            "| --- | --- | --- |",
            f"| 9 | `make build` (the site printing the PDFs, then the offline copy), clean | {clean:.2f} s |",
            *rows,
            compiled_row,
        ]
        return _report(lines, budgets, facts, args.record)

    with tempfile.TemporaryDirectory(prefix="gradsite-bench-") as tmp:
        tmp = Path(tmp)
        site = tmp / "site"
        clean, counts, counted = [], [], {}
        no_exec, with_pdf = [], []
        floors = {"examples": [], "snippets": []}
        in_loop = []
        for _ in range(runs):  # interleaved, so a burst of load hits every figure alike
            seconds, count = _python(BUILD, str(site), marker="COUNTS")
            clean.append(seconds)
            counts.append(count)
            no_exec.append(
                _python(BUILD, str(tmp / "site-no-exec"), marker="COUNTS", GRADSITE_NO_EXEC="1")[0]
            )
            with_pdf.append(make_build(tmp / "site-pdf"))
            imports_only = _python(FLOOR, "none", marker="FLOOR")[0]
            for kind, runs_of_kind in floors.items():
                seconds, timing = _python(FLOOR, kind, marker="FLOOR")
                runs_of_kind.append(seconds - imports_only)
                counted[kind] = timing["count"]
                if kind == "examples":
                    in_loop.append(timing["seconds"])
        ddp = []
        for _ in range(runs):
            started = time.perf_counter()
            subprocess.run(
                [sys.executable, DDP_EXAMPLE],
                cwd=ROOT,
                check=True,
                capture_output=True,
                timeout=300,
            )
            ddp.append(time.perf_counter() - started)
        test_fast = []
        for _ in range(runs):
            started = time.perf_counter()
            done = subprocess.run(fast_suite_command(), cwd=ROOT, env=_env(), capture_output=True)
            test_fast.append(time.perf_counter() - started)
            if done.returncode != 0:
                sys.exit(f"make test-fast failed:\n{done.stdout.decode()[-3000:]}")
        suite = None if args.no_suite else counted_suite(tmp / "suite-runs")
        project = copy_project(tmp / "project")
        # The matrix data too: mkdocs.yml watches data/, and the notes and "My PyTorch" read it.
        shutil.copytree(ROOT / "data", project / "data")
        warm = _python(
            WARM, str(tmp / "site-warm"), PROSE_PAGE, str(runs), cwd=project, marker="WARM"
        )[1]
        weights = {
            page: page_weight(site, page)
            for chapter in CHAPTERS
            for page in (url_prefix(lang) + chapter for lang in LANGUAGES)
            if (site / page / "index.html").is_file()
        }
        indexes = {
            p.relative_to(site).as_posix(): (p.stat().st_size, _gz(p.read_bytes()))
            for p in sorted(site.rglob("search_index.json"))
        }

    med = statistics.median
    f = {
        "clean": med(clean),
        "no_exec": med(no_exec),
        "no_exec_warm": med(warm["floor"]),
        "examples": med(floors["examples"]),
        "snippets": med(floors["snippets"]),
        "in_loop": med(in_loop),
        "prose": med(warm["prose"]),
        "ddp": med(ddp),
        "pdf": med(with_pdf) - med(clean),
        "test_fast": med(test_fast),
    }
    compiled_row, compiled_budget = compile_figure(runs)
    f["overhead"] = (f["clean"] - f["no_exec"]) / f["examples"]
    f["overhead_snippets"] = (f["clean"] - f["no_exec"]) / f["snippets"]
    executions = {c["executions"] for c in counts}
    examples = {c["examples"] for c in counts}

    lines = [
        f"Medians of {runs} runs.",
        "",
        "| # | figure | value |",
        "| --- | --- | --- |",
        f"| 1 | clean build (`mkdocs build`, fresh process) | {f['clean']:.2f} s |",
        f"| 2 | the same build, execution off | {f['no_exec']:.2f} s |",
        f"| 2b | rebuild with execution off, warm process (as `mkdocs serve`) | {f['no_exec_warm']:.2f} s |",
        f"| 3 | all {counted['examples']} distinct examples once, one process (process with them − without)"
        f" | {f['examples']:.2f} s |",
        f"| 3a | only the {counted['snippets']} files under snippets/, the same way | {f['snippets']:.2f} s |",
        f"| 3b | figure 3's loop alone, timed inside the process | {f['in_loop']:.2f} s |",
        compiled_row,
        f"| 4 | execution overhead (1 − 2) / 3 | {f['overhead']:.2f} |",
        f"| 4a | the same against 3a: (1 − 2) / 3a | {f['overhead_snippets']:.2f} |",
        f"| 5 | warm rebuild after a one-line prose edit | {f['prose']:.2f} s ({max(warm['ran'])} examples run) |",
        f"| 6 | example executions per clean build / distinct examples served"
        f" | {'/'.join(map(str, sorted(executions)))} / {'/'.join(map(str, sorted(examples)))} |",
        f"| 8 | `python {DDP_EXAMPLE}` (two gloo processes) | {f['ddp']:.2f} s |",
        f"| 9 | `make build` (the site printing the PDFs, then the offline copy), clean"
        f" | {med(with_pdf):.2f} s |",
        f"| 9a | what the PDFs and the offline copy add: 9 − 1 | {f['pdf']:.2f} s |",
        f"| 10 | `make test-fast` (its pytest command, fresh process) | {f['test_fast']:.1f} s |",
        "",
        "| page | HTML | CSS | JS | images | total (gzip) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for page, w in weights.items():
        cells = " | ".join(f"{w[k] / KB:.1f} KB" for k in ("html", "css", "js", "images"))
        lines.append(f"| {page} | {cells} | {sum(w.values()) / KB:.1f} KB |")
    lines.append("")
    for name, (raw, zipped) in indexes.items():
        lines.append(
            f"Search index `{name}`: {raw / KB:.1f} KB, {zipped / KB:.1f} KB gzip (loaded by the search worker)."
        )

    heaviest = max(weights.items(), key=lambda item: sum(item[1].values()))
    budgets = [
        (
            f"execution overhead {f['overhead']:.2f} ≤ {BUDGET_OVERHEAD}",
            f["overhead"] <= BUDGET_OVERHEAD,
        ),
        (
            f"executions per clean build {sorted(executions)} == distinct examples {sorted(examples)}"
            f" == examples in figure 3's floor [{counted['examples']}]",
            len(executions) == 1 and executions == examples == {counted["examples"]},
        ),
        (
            f"warm prose rebuild {f['prose']:.2f} s ≤ {BUDGET_WARM} × warm no-exec rebuild {f['no_exec_warm']:.2f} s"
            f" (and {max(warm['ran'])} examples run)",
            f["prose"] <= BUDGET_WARM * f["no_exec_warm"] and max(warm["ran"]) == 0,
        ),
        (
            f"heaviest chapter page {heaviest[0]}: {sum(heaviest[1].values()) / KB:.1f} KB ≤ {BUDGET_PAGE // KB} KB",
            sum(heaviest[1].values()) <= BUDGET_PAGE,
        ),
        (f"DDP example {f['ddp']:.2f} s ≤ {BUDGET_DDP:.0f} s", f["ddp"] <= BUDGET_DDP),
        compiled_budget,
        (
            f"the PDFs and the offline copy add {f['pdf']:.2f} s ≤ {BUDGET_PDF:.0f} s to a build",
            f["pdf"] <= BUDGET_PDF,
        ),
        (
            f"make test-fast {f['test_fast']:.1f} s ≤ {BUDGET_TEST_FAST:.0f} s (README: under a minute)",
            f["test_fast"] <= BUDGET_TEST_FAST,
        ),
    ]
    if suite:
        rows, more = suite_figures(suite, med(with_pdf))
        table_end = lines.index("| page | HTML | CSS | JS | images | total (gzip) |") - 1
        lines[table_end:table_end] = rows
        budgets += more
    return _report(lines, budgets, facts, args.record)


def _report(lines: list[str], budgets, facts: dict, record: bool) -> int:
    """Print the figures and the budgets; with `record`, append them to BENCHMARKS.md."""
    lines += ["", "Budgets:", ""] + [
        f"- {'holds' if ok else 'FAILS'}: {text}" for text, ok in budgets
    ]
    lines.append(f"\nLoad average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}.")
    report = "\n".join(lines)
    print(report)

    if record:
        heading = f"\n## {facts['date']}\n\n{facts['machine']}; Python {facts['python']}, torch {facts['torch']}; "
        heading += f"load average at start {facts['load']}.\n\n"
        with (ROOT / "BENCHMARKS.md").open("a", encoding="utf-8") as file:
            file.write(heading + report + "\n")
    return 0 if all(ok for _, ok in budgets) else 1


if __name__ == "__main__":
    sys.exit(main())
