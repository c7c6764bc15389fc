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
import time
from pathlib import Path

import pytest
from gradsite.project import ROOT, leaks

from conftest import LATER_CLOCK
from sitebuild import first_difference, forked

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


def test_without_the_git_date_the_clock_would_show():
    """The moved clock reaches the date MkDocs stamps each page with (the sitemap's <lastmod>,
    mkdocs.structure.pages.Page) when the date does not come from git; pinned from the last
    commit, as gradsite/hooks.py does in every build, it does not: the comparison can fail.
    In a forked child, whose clock and environment go with it."""

    def dates():
        import os

        import mkdocs.utils
        from gradsite import reproducible

        os.environ.pop("SOURCE_DATE_EPOCH", None)
        exec(LATER_CLOCK, {})  # noqa: S102 - the second build's clock
        unpinned = mkdocs.utils.get_build_date()
        reproducible.pin_build_date(ROOT)
        return unpinned, mkdocs.utils.get_build_date(), reproducible.build_date(ROOT)

    unpinned, pinned, commit = forked(dates)
    assert unpinned == "2031-07-01"
    assert commit and pinned == time.strftime("%Y-%m-%d", time.gmtime(int(commit))) != unpinned


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
