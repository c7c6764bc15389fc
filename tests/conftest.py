"""Shared fixtures: every test that reads a site reads one of these builds.

* `site`: one strict build of the real project for the whole session;
* `later`: a second one, in another process and folder with the clock moved
  (tests/test_reproducible.py compares the two byte for byte);
* `broken`: strict builds of small projects, each carrying one kind of mistake or a few
  independent ones (tests/broken.py);
* browser fixtures (tests/browser.py).

Markers (pyproject.toml): `browser` (Chromium) and `build` (reads a shared whole-site
build) are set here from the fixtures a test uses; `slow` (builds of its own, the
two-process examples, many examples in a row) is declared at the test, and set here for the pages'
fences (pytest-markdown-docs). `make test-fast` runs
`pytest -m "not build and not browser and not slow"`, the author's quick check.
"""

from __future__ import annotations

import fcntl
import os
import pickle
import shutil
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest
from gradsite.downloads import book
from gradsite.project import ROOT, included

from broken import build_broken
from browser import chromium, chromium_path, page_survey, served, tab  # noqa: F401 - browser fixtures, defined once
from sitebuild import Build, build, culprit_first

# Tests run every example: no outputs kept on disk (torch patched by a drift test keeps
# its version string), no placeholders (see gradsite/runner/).
for _name in ("GRADSITE_CACHE", "GRADSITE_NO_EXEC"):
    os.environ.pop(_name, None)

# Run in the build process before MkDocs starts: git-revision-date-localized's date for a
# page that has no commit yet is pinned (a clean checkout has none; see test_reproducible.py).
UNCOMMITTED_PAGE_DATE = """
import time as _time
try:
    import mkdocs_git_revision_date_localized_plugin.util as _git_dates
except ImportError:
    _git_dates = None

class _Frozen:
    def __getattr__(self, name):
        return getattr(_time, name)

    @staticmethod
    def time():
        return 1_800_000_000.0

if _git_dates is not None:
    _git_dates.time = _Frozen()
"""

# ... and "now" is another day.
LATER_CLOCK = """
import datetime as _datetime
import mkdocs.utils

class _Later(_datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return cls(2031, 7, 1, 12, 0, 0, tzinfo=tz)

mkdocs.utils.datetime = _Later
"""


# --- the session's builds, made in the background ----------------------------------
# Each is a MkDocs process of its own: they start as soon as the tests are collected
# (only those some selected test needs), and the tests that need no build run first
# while they work. A fixture waits for its build.
#
# `make test` runs pytest-xdist workers: every worker starts a thread for each build it
# needs, and a lock file in the run's shared folder lets the first one build while the
# others wait and then read its result, so each build is made once per run.


def _site(folder: Path) -> Build:
    """`make build` of the project, its examples' outputs kept in the folder's `outputs`; in
    its process, a culprit first, and each example's output noted (tests/test_isolation.py,
    tests/sitebuild.py `culprit_first`)."""
    return build(
        folder / "site",
        before=UNCOMMITTED_PAGE_DATE + culprit_first(folder),
        offline=True,
        outputs=folder / "outputs",
    )


def _site_s_pdfs(site: Path, into: Path) -> str:
    """Python for a build's `before`: the build into `into` takes the PDFs of the build in
    `site` instead of printing them again (Chromium prints both books in about 15 s of a 40 s
    clean build); that it prints the same bytes twice is tests/test_book.py's
    `test_a_book_printed_twice_is_the_same_bytes`, on a small book."""
    return f"""
import shutil as _shutil
from pathlib import Path as _Path
from gradsite.downloads import book as _book

def _copied(jobs, browser, epoch):
    for _source, _target in jobs:
        _shutil.copyfile(_Path({str(site)!r}) / _target.relative_to({str(into)!r}), _target)
    return []

_book.print_books = _copied
"""


def _later(folder: Path) -> Build:
    """`make build` again, after the site's, with the site's examples' outputs: it runs no
    example again (an example whose output changes from run to run fails
    tests/test_snippets.py, against the pinned row of data/matrix.json), and prints no PDF
    (it takes the site's, `_site_s_pdfs`); everything else, pages, search index, offline copy
    and zips, is made again and compared."""
    _build_once("site")  # made by this worker, or another (then this waits for it)
    return build(
        folder / "site",
        before=UNCOMMITTED_PAGE_DATE
        + LATER_CLOCK
        + _site_s_pdfs(folder.parent / "site" / "site", folder / "site"),
        offline=True,
        outputs=folder.parent / "site" / "outputs",
    )


_BUILDS = {"site": _site, "later": _later, "broken": build_broken}
# A test that uses one of these needs Chromium (tests/browser.py): marked `browser`.
BROWSER = {"tab", "served", "chromium", "chromium_path", "page_survey"}
_NEEDS = {
    "site": "site",
    "served": "site",
    "tab": "site",
    "page_survey": "site",
    "later": "later",
    "broken": "broken",
}
# The run's folder, made by the controller, inherited by the workers.
_SHARED = "GRADSITE_TEST_BUILDS"
_started: dict[str, Future] = {}
_pool = ThreadPoolExecutor(max_workers=len(_BUILDS))


@pytest.hookimpl(optionalhook=True)  # xdist's hook: `-p no:xdist` runs without it
def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker per core, at most 4 (each worker runs its own Chromium). The suite
    keeps every core busy from start to end; a third worker on two cores (there was one, for
    the browser tests' waits) made `make test` 259 s and 505 core-seconds, two made it 241 s and
    465: each worker also collects the suite, imports torch and starts a Chromium."""
    return min(4, os.cpu_count() or 1)


def pytest_configure(config):
    config.pluginmanager.register(_NoBrowserOnce(), "gradsite-no-browser-once")
    if not hasattr(config, "workerinput"):  # the controller, or a run without workers
        os.environ[_SHARED] = tempfile.mkdtemp(prefix="gradsite-builds-")


def _build_once(name: str):
    folder = Path(os.environ[_SHARED])
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        done = folder / f"{name}.pickle"
        if not done.exists():
            (folder / name).mkdir(exist_ok=True)
            done.write_bytes(pickle.dumps(_BUILDS[name](folder / name)))
        return pickle.loads(done.read_bytes())


def _start(name: str) -> Future:
    if name not in _started:
        _started[name] = _pool.submit(_build_once, name)
    return _started[name]


def pytest_collection_finish(session):
    if session.config.option.collectonly:
        return
    needed = set()
    for item in session.items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & BROWSER and book.chromium() is None:
            continue  # skipped (or failed, if required) before it reads a build: build nothing for it
        needed |= {_NEEDS[f] for f in fixtures if f in _NEEDS}
    for name in sorted(needed):
        _start(name)


def pytest_sessionfinish(session):
    _pool.shutdown(wait=True, cancel_futures=True)
    if not hasattr(session.config, "workerinput"):  # workers are done: the builds can go
        shutil.rmtree(os.environ.pop(_SHARED, ""), ignore_errors=True)


def _no_browser(report) -> bool:
    """A test skipped because there is no Chromium (tests/browser.py, `browser_missing`)."""
    return isinstance(report.longrepr, tuple) and "browser tests need Chromium" in str(
        report.longrepr[2]
    )


class _NoBrowserOnce:
    """Around pytest's own terminal summary (registered by pytest_configure): the browser
    tests skipped for want of Chromium are said once, in the "left out: no browser" section
    (pytest_terminal_summary below), not once per test location in `-ra`'s short summary;
    other skips are listed there as usual, and the closing line still counts them all."""

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_terminal_summary(self, terminalreporter):
        stats = terminalreporter.stats
        left_out = [report for report in stats.get("skipped", []) if _no_browser(report)]
        stats["skipped"] = [
            report for report in stats.get("skipped", []) if not _no_browser(report)
        ]
        terminalreporter.gradsite_left_out = left_out
        try:
            return (yield)
        finally:  # the closing line ("N skipped") is counted after this
            stats["skipped"] += left_out
            if not stats["skipped"]:
                del stats["skipped"]


def pytest_terminal_summary(terminalreporter):
    """Lines a test records as ("summary", text): figures worth reading even when it passes
    (the search hit rate). Recorded, not printed, so that they reach this report from workers."""
    lines = [
        value
        for category in ("passed", "failed")
        for report in terminalreporter.stats.get(category, [])
        for name, value in getattr(report, "user_properties", ())
        if name == "summary"
    ]
    if lines:
        terminalreporter.write_sep("-", "figures")
        for line in lines:
            terminalreporter.write_line(line)
    left_out = getattr(terminalreporter, "gradsite_left_out", [])
    if left_out:  # said once here, not once per test (tests/browser.py)
        terminalreporter.write_sep("-", "left out: no browser")
        terminalreporter.write_line(
            f"{len(left_out)} browser tests skipped, and the build made no PDFs: "
            f"{book.not_found()}; {book.INSTALL}. "
            f"{book.REQUIRE}=1 makes this a failure (CI sets it)."
        )


@pytest.fixture(scope="session")
def site() -> Build:
    """One strict build of the real project, shared by the tests that read it."""
    result = _start("site").result()
    assert result.returncode == 0, result.log[-5000:]
    return result


@pytest.fixture(scope="session")
def later() -> Build:
    """Another strict build: another process, another folder, the clock in 2031."""
    result = _start("later").result()
    assert result.returncode == 0, result.log[-5000:]
    return result


@pytest.fixture(scope="session")
def broken() -> dict[str, Build]:
    """The small broken projects' strict builds (tests/broken.py), by project."""
    built = _start("broken").result()
    for name, result in built.items():
        assert result.returncode != 0, f"the broken build {name} passed:\n" + result.log[-3000:]
    return built


def pytest_addoption(parser):
    parser.addoption(
        "--example",
        metavar="snippets/<chapter>/<name>.py",
        help="only the tests about this example (make example EXAMPLE=...)",
    )


def _about(item, example: str) -> bool:
    """Whether a test is about `example`: it is a parameter (the run alone, the matrix row, a
    drift case that targets it), a page parameter includes it (parity), or the test is
    declared `every_example` (ruff over snippets/)."""
    if item.get_closest_marker("every_example"):
        return True
    for value in getattr(getattr(item, "callspec", None), "params", {}).values():
        if str(value) in (example, str(ROOT / example)):
            return True
        if isinstance(value, Path) and value.suffix == ".md":
            if example in included(value.read_text(encoding="utf-8")):
                return True
    return False


def _only_the_example(config, items) -> None:
    example = config.getoption("--example")
    if example is None:
        return
    if not (ROOT / example).is_file() or not example.startswith("snippets/"):
        raise pytest.UsageError(
            f"--example {example}: no such file; name snippets/<chapter>/<name>.py"
        )
    keep = [item for item in items if _about(item, example)]
    config.hook.pytest_deselected(items=[item for item in items if item not in keep])
    items[:] = keep


def _group_for_xdist(config, items) -> None:
    """`--dist loadgroup` in a worker: put each test's `xdist_group` in its node id, as
    pytest-xdist does (`<id>@<group>`, which its scheduler reads). xdist 3.8 writes
    `item._nodeid`, which pytest 9 no longer reads (a node's id is `item._id`), so without this
    every group is ignored and the tests of a group run in any worker."""
    from _pytest.nodeid import NodeId

    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = sorted({str(m.args[0]) for m in item.iter_markers("xdist_group") if m.args})
        if names and "@" not in item.nodeid.rpartition("]")[2]:
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(names)}")


def pytest_collection_modifyitems(config, items):
    """Mark what each test costs, from the fixtures it uses: `-m` selects by it."""
    _only_the_example(config, items)
    _group_for_xdist(config, items)
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & BROWSER:
            item.add_marker(pytest.mark.browser)
        if fixtures & {"site", "later", "broken", "served"}:
            item.add_marker(pytest.mark.build)
        # Pages' fences run by pytest-markdown-docs: each example again (tests/test_snippets.py
        # runs them faster, in forked children). Other slow tests say so where they are declared.
        if item.path.suffix == ".md":
            item.add_marker(pytest.mark.slow)
    # Tests that need no build first: they run while the builds are made; the ones that read
    # `later` (made after `site`) last. In each group the slow ones first, so that with several
    # workers no long test starts last, alone.
    items.sort(
        key=lambda item: (
            bool(item.get_closest_marker("build") or item.get_closest_marker("browser")),
            "later" in getattr(item, "fixturenames", ()),
            not item.get_closest_marker("slow"),
        )
    )
