"""Two clean builds give byte-identical sites, and no output leaks the machine.

The second build runs in another process, into another temporary folder, with
the clock moved to another year: whatever differs between the two trees (a
date, a path, an address, an ordering) fails the comparison. The dates MkDocs
writes come from the last commit (gradsite/reproducible.py), so nothing needs
to be excluded, sitemap.xml.gz included.

One clock is pinned in both builds: git-revision-date-localized's date for a
page that has no commit yet (it falls back to "now"). A clean checkout, as in
CI, has no such page, so there the pin changes nothing; in a working tree with
a new, uncommitted page it keeps this test about the build, not about the
seconds between two builds.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from sitebuild import ROOT, build

# Run in the build process before MkDocs starts: "now" is another day.
LATER_CLOCK = """
import datetime as _datetime
import mkdocs.utils

class _Later(_datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return cls(2031, 7, 1, 12, 0, 0, tzinfo=tz)

mkdocs.utils.datetime = _Later
"""

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

TEXT = {".html", ".xml", ".json", ".txt", ".js", ".css", ".svg"}
# What an output must never contain: each names what it would reveal.
LEAKS = {
    "memory address": re.compile(r"\bat 0x[0-9a-fA-F]+|\b0x[0-9a-fA-F]{8,}\b"),
    "object repr": re.compile(r"&lt;[\w.]+ object at |<[\w.]+ object at "),
    "temporary path": re.compile(r"/tmp/|/var/folders/|\\AppData\\Local\\Temp\\|pytest-of-"),
    "project path": re.compile(re.escape(str(ROOT))),
    "home folder": re.compile(r"/home/\w+/|/root/|/Users/\w+/"),
    "time of day": re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?"),
    "process id": re.compile(r"\bpid[ =:]+\d+", re.IGNORECASE),
}


def _tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def leaks(text: str) -> list[str]:
    return [f"{what}: {m.group(0)!r}" for what, pattern in LEAKS.items() for m in pattern.finditer(text)]


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    result = build(tmp_path_factory.mktemp("first") / "site", before=UNCOMMITTED_PAGE_DATE)
    assert result.returncode == 0, result.log[-3000:]
    return result


@pytest.fixture(scope="module")
def later(tmp_path_factory):
    result = build(tmp_path_factory.mktemp("later") / "site", before=UNCOMMITTED_PAGE_DATE + LATER_CLOCK)
    assert result.returncode == 0, result.log[-3000:]
    return result


def _first_difference(a: bytes, b: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at byte {at}: {a[max(0, at - 80):at + 80]!r} / {b[max(0, at - 80):at + 80]!r}"


def test_two_builds_are_byte_identical(first, later):
    one, two = _tree(first.site), _tree(later.site)
    assert sorted(one) == sorted(two)
    differing = [f"{name} {_first_difference(one[name], two[name])}" for name in one if one[name] != two[name]]
    assert not differing, "differ between two builds:\n" + "\n".join(differing)
    assert "sitemap.xml.gz" in one and "en/sitemap.xml" in one and "search/search_index.json" in one


def test_sitemap_dates_come_from_git_not_the_clock(later):
    sitemap = gzip.decompress((later.site / "sitemap.xml.gz").read_bytes()).decode()
    assert "<lastmod>" in sitemap
    assert "2031-07-01" not in sitemap
    assert sitemap == (later.site / "sitemap.xml").read_text(encoding="utf-8")


def test_without_the_git_date_the_clock_would_show(tmp_path):
    """The moved clock does reach the output when dates do not come from git: the comparison can fail."""
    unpinned = """
import os
os.environ.pop("SOURCE_DATE_EPOCH", None)
import gradsite.reproducible
gradsite.reproducible.pin_build_date = lambda project: None
"""
    result = build(tmp_path / "site", before=unpinned + LATER_CLOCK, only="retention")
    assert result.returncode == 0, result.log[-3000:]
    assert "<lastmod>2031-07-01</lastmod>" in (result.site / "sitemap.xml").read_text(encoding="utf-8")


def test_no_output_leaks_the_machine(site):
    scanned, found = 0, []
    for path in sorted(site.site.rglob("*")):
        if path.suffix in TEXT:
            scanned += 1
            found += [f"{path.relative_to(site.site)}: {leak}" for leak in leaks(path.read_text(encoding="utf-8"))]
    assert scanned > 20
    assert not found, "\n".join(found[:30])


@pytest.mark.parametrize(
    "text",
    [
        "<pre>&lt;MulBackward0 object at 0x7f3a2c1b9d30&gt;</pre>",
        "tensor storage at 0x55d0c0ffee00",
        "File \"/tmp/tmpab12cd/snippet.py\", line 3",
        f"{ROOT}/snippets/retention/retain_grad.py",
        "built 2026-11-30 14:05:09",
        "worker pid=4242",
    ],
)
def test_leak_scan_can_fail(text):
    assert leaks(text)


def test_leak_scan_passes_real_output():
    assert not leaks("<pre>a.grad = tensor(2400.)\nMulBackward0\ntensor([0.5000, 1.0000])</pre>")
