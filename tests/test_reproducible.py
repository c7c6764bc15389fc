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
from pathlib import Path

import pytest
from gradsite.project import ROOT, leaks

from conftest import LATER_CLOCK
from sitebuild import build, first_difference

TEXT = {".html", ".xml", ".json", ".txt", ".js", ".css", ".svg"}


def _tree(site: Path) -> dict[str, bytes]:
    return {
        p.relative_to(site).as_posix(): p.read_bytes()
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def test_two_builds_are_byte_identical(site, later):
    one, two = _tree(site.site), _tree(later.site)
    assert sorted(one) == sorted(two)
    differing = [
        f"{name} {first_difference(one[name], two[name])}" for name in one if one[name] != two[name]
    ]
    assert not differing, "differ between two builds:\n" + "\n".join(differing)
    assert "sitemap.xml.gz" in one and "en/sitemap.xml" in one and "search/search_index.json" in one


def test_sitemap_dates_come_from_git_not_the_clock(later):
    sitemap = gzip.decompress((later.site / "sitemap.xml.gz").read_bytes()).decode()
    assert "<lastmod>" in sitemap
    assert "2031-07-01" not in sitemap
    assert sitemap == (later.site / "sitemap.xml").read_text(encoding="utf-8")


@pytest.mark.slow
def test_without_the_git_date_the_clock_would_show(tmp_path):
    """The moved clock does reach the output when dates do not come from git: the comparison can fail."""
    unpinned = """
import os
os.environ.pop("SOURCE_DATE_EPOCH", None)
import gradsite.reproducible
gradsite.reproducible.pin_build_date = lambda project: None
"""
    # The offline variant alone (GRADSITE_OFFLINE): one build instead of the site plus its offline copy.
    result = build(
        tmp_path / "site",
        before=unpinned + LATER_CLOCK,
        only="retention",
        env={"GRADSITE_NO_EXEC": "1", "GRADSITE_OFFLINE": "true"},
    )
    assert result.returncode == 0, result.log[-3000:]
    assert "<lastmod>2031-07-01</lastmod>" in (result.site / "sitemap.xml").read_text(
        encoding="utf-8"
    )


def test_no_output_leaks_the_machine(site):
    scanned, found = 0, []
    for path in sorted(site.site.rglob("*")):
        if path.suffix in TEXT:
            scanned += 1
            found += [
                f"{path.relative_to(site.site)}: {leak}"
                for leak in leaks(path.read_text(encoding="utf-8"))
            ]
    assert scanned > 20
    assert not found, "\n".join(found[:30])


@pytest.mark.parametrize(
    "text",
    [
        "<pre>&lt;MulBackward0 object at 0x7f3a2c1b9d30&gt;</pre>",
        "tensor storage at 0x55d0c0ffee00",
        'File "/tmp/tmpab12cd/snippet.py", line 3',
        f"{ROOT}/snippets/retention/retain_grad.py",
        "built 2026-11-30 14:05:09",
        "worker pid=4242",
    ],
)
def test_leak_scan_can_fail(text):
    assert leaks(text)


def test_leak_scan_passes_real_output():
    assert not leaks("<pre>a.grad = tensor(2400.)\nMulBackward0\ntensor([0.5000, 1.0000])</pre>")
