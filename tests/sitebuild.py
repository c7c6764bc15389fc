"""Helpers to build the site from tests, and to run examples through the build's
runner in forked children of the test process (torch is imported once)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import pickle
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import traceback
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import torch._dynamo  # noqa: F401 - optimizers import it on first use (2 s): once here, not in every child
from gradsite import runner
from gradsite.claims import ledger
from gradsite.downloads import offline as offline_copy
from gradsite.project import CHECKS_LINE, FAILED, LANGUAGES, ROOT, included, split_example

# What a build reads; a copy of these is a complete, independent project.
PROJECT_PARTS = ("mkdocs.yml", "pyproject.toml", "docs", "snippets", "gradsite")


@dataclass
class Build:
    returncode: int
    log: str
    site: Path

    def page(self, path: str) -> str:
        return (self.site / path / "index.html").read_text(encoding="utf-8")


def build(
    site_dir: Path,
    *,
    before: str = "",
    env: dict | None = None,
    offline: bool = False,
    outputs: Path | None = None,
) -> Build:
    """`mkdocs build --strict` of the project, forked from a builder process that has imported
    what a build needs (`_builder`); with `offline`, as `make build` does: then the offline
    copy's build, forked from the same process, zipped into the site
    (gradsite/downloads/offline.py).

    `before` is Python run in each build's process before MkDocs starts (a moved clock).
    `env` is added to each build's environment.
    `outputs` (with `offline`): the folder the examples' outputs are kept in, read by another
    build given the same one (gradsite/downloads/offline.py, `make`).
    """
    job = {
        "project": str(ROOT),
        "config": str(ROOT / "mkdocs.yml"),
        "before": textwrap.dedent(before),
    }
    with _builder() as one:
        if not offline:
            return Build(*one({**job, "site": str(site_dir), "env": env or {}}), site_dir)

        def each(folder: Path, more: dict) -> tuple[int, str]:
            return one({**job, "site": str(folder), "env": {**(env or {}), **more}})

        return Build(*offline_copy.make(site_dir, each, ROOT, outputs), site_dir)


# One process imports what every build imports (torch, MkDocs and its plugins, the hooks'
# modules, jieba's dictionary: about 2.7 s), then builds each project in a forked child of its
# own: a list of jobs, a few side by side (`build_each`), or jobs read one per line from its
# stdin, each answered with its exit code (`-`: `_builder`, for the site's build and then its
# offline copy's, which reads the first's outputs). A child starts from that process as it was
# before any build, so no build sees another's state and their order does not matter; it runs
# the job's `before` (Python: a moved clock, say) before MkDocs starts.
_BUILDER = """
import json, os, sys, traceback
import jieba, torch
import material.plugins.search.plugin, mkdocs_static_i18n, markdown_exec, pymdownx.superfences
from mkdocs.__main__ import cli
from gradsite import downloads, glossary, runner, searchwords
from gradsite.project import ROOT

jieba.initialize()
runner.keys.cache_key("", "warm-up", ROOT, "zh")


def start(job):
    pid = os.fork()
    if pid:
        return pid
    os.chdir(job["project"])
    os.environ.update(job["env"])
    log = os.open(job["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(log, 1)
    os.dup2(log, 2)
    sys.argv = ["mkdocs", "build", "--strict", "-f", job["config"], "--site-dir", job["site"]]
    try:
        exec(compile(job.get("before", ""), "<before>", "exec"), {"__name__": "__main__"})
        cli()
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else int(bool(stop.code))
    except BaseException:
        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if sys.argv[1] == "-":
    for line in sys.stdin:
        status = os.waitpid(start(json.loads(line)), 0)[1]
        print(os.waitstatus_to_exitcode(status), flush=True)
    sys.exit()
jobs, parallel = json.load(open(sys.argv[1])), int(sys.argv[2])
codes, running = {}, {}
for number, job in enumerate(jobs):
    while len(running) >= parallel:
        pid, status = os.wait()
        codes[running.pop(pid)] = os.waitstatus_to_exitcode(status)
    running[start(job)] = number
while running:
    pid, status = os.wait()
    codes[running.pop(pid)] = os.waitstatus_to_exitcode(status)
print(json.dumps([codes[number] for number in range(len(jobs))]))
"""


@contextlib.contextmanager
def _builder(timeout: float = 1800):
    """`one(job)` -> (exit code, log): a `_BUILDER` process that makes the builds it is given one
    after another, forked from its imports. A build still running after `timeout` seconds (a
    2-core machine shared with others can take 15 minutes) is a hang: the builder is killed."""
    with tempfile.TemporaryDirectory(prefix="gradsite-builder-") as tmp:
        errors = Path(tmp) / "builder.err"
        with open(errors, "w", encoding="utf-8") as stderr:
            process = subprocess.Popen(
                [sys.executable, "-c", _BUILDER, "-"],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                text=True,
                start_new_session=True,
            )
        made = []

        def one(job: dict) -> tuple[int, str]:
            log = Path(tmp) / f"{len(made)}.log"
            made.append(log)
            process.stdin.write(json.dumps({**job, "log": str(log)}) + "\n")
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], timeout)
            line = process.stdout.readline() if ready else ""
            if not line:
                os.killpg(process.pid, signal.SIGKILL)
                reason = f"took longer than {timeout:g} s" if not ready else "stopped"
                raise AssertionError(
                    f"the builder {reason}:\n{errors.read_text(encoding='utf-8')[-3000:]}"
                )
            return int(line), log.read_text(encoding="utf-8")

        try:
            yield one
        finally:
            process.stdin.close()
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            process.stdout.close()


def build_each(jobs: list[tuple[Path, Path, dict]], parallel: int = 2) -> list[Build]:
    """`mkdocs build --strict` of each (project, site folder, environment added), as `build`
    makes one, but every build forked from one process that has imported what a build needs
    (`_BUILDER`): seven small builds took 25 core-seconds, most of it seven start-ups."""
    with tempfile.TemporaryDirectory(prefix="gradsite-builds-") as tmp:
        listed = [
            {
                "project": str(project),
                "config": str(project / "mkdocs.yml"),
                "site": str(site),
                "env": env,
                "log": str(Path(tmp) / f"{number}.log"),
            }
            for number, (project, site, env) in enumerate(jobs)
        ]
        (Path(tmp) / "jobs.json").write_text(json.dumps(listed), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-c", _BUILDER, str(Path(tmp) / "jobs.json"), str(parallel)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        assert done.returncode == 0, f"the builder failed:\n{done.stdout}\n{done.stderr}"
        codes = json.loads(done.stdout.strip().splitlines()[-1])
        return [
            Build(code, Path(job["log"]).read_text(encoding="utf-8"), Path(job["site"]))
            for code, job in zip(codes, listed)
        ]


def first_difference(a: bytes, b: bytes) -> str:
    """Where two byte strings first differ, and the bytes around it in each."""
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at byte {at}: {a[max(0, at - 80) : at + 80]!r} / {b[max(0, at - 80) : at + 80]!r}"


def copy_project(dest: Path) -> Path:
    """A throwaway copy of the project, to break on purpose."""
    dest.mkdir(parents=True)
    for part in PROJECT_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, dest / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, dest / part)
    return dest


# --- forked children ------------------------------------------------------------------


def forked(function, *args, timeout: float = 600):
    """Run `function(*args)` in a forked child of this process and return its result.

    The child starts with everything this process imported (torch above all), so it
    costs what the function does, and nothing it changes (a monkeypatch of torch, a
    global flag) reaches this process or another test. An exception in the child is
    raised here as a RuntimeError carrying its traceback. The child's temporary files (a drift
    patch's sitecustomize.py, tests/drift_cases/accumulation.py) go in a folder of its own,
    deleted when it ends. A child still running after `timeout` seconds is killed, with every
    process it started (its own process group), and TimeoutError raised: a hang (a worker
    waiting for a peer that died) fails its test instead of stopping the suite.
    """
    runner.keys.cache_key("", "warm-up", ROOT, "zh")  # what every child needs, computed once here
    read, write = os.pipe()
    scratch = tempfile.mkdtemp(prefix="gradsite-forked-")
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        os.setpgid(0, 0)  # its processes can be killed with it
        status = 0
        try:
            import torch

            os.environ["TMPDIR"] = tempfile.tempdir = scratch  # its processes' too

            torch.set_num_threads(1)  # a thread pool does not survive a fork
            payload = ("ok", function(*args))
        except BaseException:  # noqa: BLE001 - reported to the parent
            payload, status = ("error", traceback.format_exc()), 1
        with os.fdopen(write, "wb") as pipe:
            pickle.dump(payload, pipe)
        os._exit(status)
    os.close(write)
    deadline = time.monotonic() + timeout
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([read], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(pid, signal.SIGKILL)
                raise TimeoutError(
                    f"the forked child running {getattr(function, '__qualname__', function)} "
                    f"did not finish in {timeout:g} s: killed, with the processes it started"
                )
            chunk = os.read(read, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read)
        os.waitpid(pid, 0)
        shutil.rmtree(scratch, ignore_errors=True)
    kind, value = pickle.loads(b"".join(chunks))
    if kind == "error":
        raise RuntimeError(f"in the forked child:\n{value}")
    return value


def page_including(snippet: str, language: str, root: Path = ROOT) -> str:
    """The docs/-relative page of `language` that includes `snippet`."""
    for page in sorted((root / "docs").rglob(f"*.{language}.md")):
        if snippet in included(page.read_text(encoding="utf-8")):
            return page.relative_to(root / "docs").as_posix()
    raise AssertionError(f"no {language} page includes {snippet}")


def run_in_runner(snippet: str, patch: str = "", languages=LANGUAGES) -> dict:
    """In a forked child: apply `patch`, then run `snippet` through the build's runner as
    each language's page does. Returns {language: (failed, log)}."""

    def child():
        from markdown_exec import ExecutionError

        exec(compile(textwrap.dedent(patch), "<drift patch>", "exec"), {})  # noqa: S102
        records: list[str] = []
        handler = logging.Handler()
        handler.emit = lambda record: records.append(record.getMessage())
        runner.log.addHandler(handler)
        results = {}
        build = runner.Context(root=ROOT)  # one build: its languages one after the other
        for language in languages:
            build.page, build.language = page_including(snippet, language), language
            del records[:]
            code = (ROOT / snippet).read_text(encoding="utf-8")
            try:
                runner.run_python(code, build, snippet=snippet)
                failed = False
            except ExecutionError:
                failed = True
            results[language] = (failed, "\n".join(records))
        return results

    return forked(child)


# --- every example through the runner, in one process -----------------------------------

CULPRIT = "snippets/retention/retain_grad.py"
# Two lines that once made 47 other examples fail, each blamed, while the culprit passed.
CHANGES_GLOBAL_STATE = (
    "\ntorch.set_grad_enabled(False)\ntorch.set_default_dtype(torch.float64)\n"
    "torch.manual_seed(1234)\ntorch.use_deterministic_algorithms(True)\n"
)
RAN = "ran.jsonl"  # beside the site of a build made with `culprit_first`


def culprit_first(folder: Path) -> str:
    """Python for a build's `before` (tests/conftest.py, the `site` build): in the site's build
    process (not the offline copy's, which runs nothing), before MkDocs starts, the culprit (an
    example edited to change torch's process-wide state) runs through the build's runner, in a
    Context of its own (the build's counts are untouched); then every example the build runs, in
    page order, in that same process, is noted in `folder`/RAN with the hash of what it printed
    (`ran_in_build`). A failing example fails the build, as always, and is not noted."""
    return f"""
import os as _os
if _os.environ.get("GRADSITE_OFFLINE") != "true":
    import hashlib as _hashlib
    import json as _json
    from gradsite import runner as _runner
    from gradsite.project import ROOT as _ROOT

    _culprit = (_ROOT / {CULPRIT!r}).read_text(encoding="utf-8") + {CHANGES_GLOBAL_STATE!r}
    _runner.run_python(
        _culprit, _runner.Context(root=_ROOT, page="culprit.zh.md", language="zh"),
        snippet={CULPRIT!r},
    )
    _run_python = _runner.run_python

    def _noting(code, context, **extra):
        text = _run_python(code, context, **extra)
        if extra.get("snippet"):
            with open({str(folder / RAN)!r}, "a", encoding="utf-8") as _file:
                _digest = _hashlib.sha256(text.encode()).hexdigest()[:16]
                _file.write(_json.dumps([extra["snippet"], _digest]) + "\\n")
        return text

    _runner.run_python = _noting
"""


def ran_in_build(build: Build) -> dict[str, str]:
    """{snippet: hash of its output} of a build made with `culprit_first`: the examples its
    runner ran (or reused, for the other language), each after the culprit, in page order."""
    found: dict[str, str] = {}
    for line in (build.site.parent / RAN).read_text(encoding="utf-8").splitlines():
        snippet, digest = json.loads(line)
        assert found.setdefault(snippet, digest) == digest, f"{snippet} printed two things"
    return found


def run_all_in_runner(order, culprit_first=True, isolated=True, stop_at_first_failure=False):
    """In a forked child: the culprit (edited to change torch's process-wide state), then each
    snippet of `order` (a path, or a (name, code) pair), through the build's runner with its
    isolation on (or off, to prove it matters); {snippet: (failed, output or log)}."""

    def child():
        from markdown_exec import ExecutionError

        records = []
        handler = logging.Handler()
        handler.emit = lambda record: records.append(record.getMessage())
        runner.log.addHandler(handler)
        build = runner.Context(root=ROOT, page="demo.zh.md", language="zh", isolate=isolated)
        runs = (
            [(CULPRIT, (ROOT / CULPRIT).read_text(encoding="utf-8") + CHANGES_GLOBAL_STATE)]
            if culprit_first
            else []
        )
        runs += [
            (s, (ROOT / s).read_text(encoding="utf-8")) if isinstance(s, str) else s for s in order
        ]
        results = {}
        for snippet, code in runs:
            del records[:]
            try:
                results[snippet] = (False, runner.run_python(code, build, snippet=snippet))
            except ExecutionError:
                results[snippet] = (True, "\n".join(records))
                if stop_at_first_failure:
                    break
        return results

    return forked(child)


def assert_runner_fails(
    patch: str, snippet: str, claim: str | None = None, in_recipe: bool = False
) -> None:
    """A simulated PyTorch change must fail the build's runner on `snippet`, naming it, in
    every language (the first language's page runs it, the other gets the same failure);
    with `claim`, at an assert of `snippet` that carries `# claim: <claim>`, or with
    `in_recipe`, at a line of its recipe (tests/drift_cases/__init__.py, IN_RECIPE)."""
    if claim:
        assert_claim_is_in(snippet, claim)
    for language, (failed, log) in run_in_runner(snippet, patch).items():
        assert failed, f"{snippet} still passed in {language} with:\n{patch}"
        page = page_including(snippet, language)
        reports = [FAILED.match(line) for line in log.splitlines()]
        lines = [
            int(r["line"])
            for r in reports
            if r
            and (r["origin"], r["page"], r["lang"]) == (snippet, f"docs/{page}", language)
            and r["line"]
        ]
        assert lines, log
        if claim and in_recipe:
            assert_failed_in_recipe(snippet, lines[0], log)
        elif claim:
            assert_failed_at_claim(snippet, lines[0], claim, log)


def assert_failed_in_recipe(snippet: str, line: int, log: str, root: Path = ROOT) -> None:
    """The runner's failure is at a line of the snippet's recipe, above `# --- checks ---`."""
    example = split_example((root / snippet).read_text(encoding="utf-8"))
    assert example.checks_from, f"{snippet} has no checks line ({CHECKS_LINE!r}): it is all recipe"
    recipe_lines = example.recipe.count("\n")
    assert line <= recipe_lines, (
        f"{snippet} failed at line {line}, in its checks (the recipe is lines 1-{recipe_lines}): "
        f"a case marked IN_RECIPE must stop the recipe itself.\n{log}"
    )


def assert_claim_is_in(snippet: str, claim: str, root: Path = ROOT) -> None:
    """A drift case's claim is proved in its snippet (a `# claim:` line above an assert)."""
    proved = ledger.proofs_in(snippet, root)[0]
    assert claim in proved, (
        f"the drift case names claim {claim}, but no assert of {snippet} carries "
        f"'# claim: {claim}' (its claims: {', '.join(sorted(proved)) or 'none'})"
    )


def assert_failed_at_claim(snippet: str, line: int, claim: str, log: str, root: Path = ROOT):
    """The runner's failure is at an assert of `snippet` that carries `# claim: <claim>`."""
    at = ledger.claims_at(snippet, line, root)
    where = ", ".join(
        f"{p.line}" if p.line == p.end else f"{p.line}-{p.end}"
        for p in ledger.proofs_in(snippet, root)[0].get(claim, [])
    )
    assert claim in at, (
        f"{snippet} failed at line {line}, not at an assert carrying '# claim: {claim}' "
        f"(lines {where}; the line that failed proves: {', '.join(sorted(at)) or 'no claim'}). "
        f"A drift case must break the claim it names, where it is asserted.\n{log}"
    )


def drift_ids(drift: dict) -> list[str]:
    """Case names as pytest ids usable with -k: "retain_grad becomes a no-op" -> retain_grad-becomes-a-no-op."""
    return [re.sub(r"[^\w.]+", "-", name).strip("-") for name in drift]


# --- reading pages ---------------------------------------------------------------------


class _PreBlocks(HTMLParser):
    """Collects the text of every <pre> element: code and outputs."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        if tag == "pre":
            self._depth += 1
            if self._depth == 1:
                self.blocks.append("")

    def handle_endtag(self, tag):
        if tag == "pre":
            self._depth -= 1

    def handle_data(self, data):
        if self._depth:
            self.blocks[-1] += data


def pre_blocks(html: str) -> list[str]:
    parser = _PreBlocks()
    parser.feed(html)
    return parser.blocks
