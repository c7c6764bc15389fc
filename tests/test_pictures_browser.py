"""Every page in headless Chromium, both languages: requests stay local and succeed (read from
the page survey's visit of every page, tests/survey.py), and pictures render in both colour
schemes (fixtures: tests/browser.py, which blocks every request to another host)."""

from __future__ import annotations

import re

import pytest
from gradsite.project import LANGUAGES, url_prefix

import survey

SCHEMES = {"light": "default", "dark": "slate"}

MEASURE = """
figure => {
  const box = figure.getBoundingClientRect();
  const svg = figure.querySelector("svg[role=img]").getBoundingClientRect();
  const images = [...figure.querySelectorAll("img")];
  return {
    width: box.width, height: box.height, svgWidth: svg.width, svgHeight: svg.height,
    label: figure.querySelector("svg[role=img]").getAttribute("aria-label"),
    text: figure.innerText,
    broken: images.filter(img => !img.complete || img.naturalWidth === 0).length,
    color: getComputedStyle(figure).color,
  };
}
"""


def _check_figures(tab, scheme: str, shots, name: str) -> int:
    page = tab.page
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
    import numpy
    from PIL import Image

    figures = page.locator("figure.gs-figure")
    for i in range(figures.count()):
        figure = figures.nth(i)
        figure.scroll_into_view_if_needed()
        seen = figure.evaluate(MEASURE)
        assert seen["width"] > 100 and seen["height"] > 100, seen
        assert seen["svgWidth"] > 100 and seen["svgHeight"] > 50, seen
        assert seen["broken"] == 0 and seen["label"].strip()
        assert not re.search(r"Traceback|Error|not run", seen["text"]), seen["text"]
        path = shots / f"{name}-{scheme}-{i}.png"
        # The picture alone, no HTML text. The sticky header (deep orange) is hidden for the shot:
        # over a figure at the top of the window it once read as the picture's background.
        figure.locator("svg[role=img]").screenshot(
            path=str(path),
            animations="disabled",
            style=".md-header, .md-tabs { visibility: hidden !important; }",
        )
        pixels = numpy.asarray(Image.open(path).convert("RGB"), dtype=float)
        light = numpy.sort((pixels @ [0.2126, 0.7152, 0.0722]).ravel())  # luminance
        background, ink = light[len(light) // 2], (light[0] if scheme == "light" else light[-1])
        # Something is drawn, and it stands out from the page in this scheme (black on slate would not).
        assert abs(ink - background) > 120, (path, background, ink)
        assert (background > 128) == (scheme == "light"), (path, background)
    return figures.count()


# The series colours of the loss-curve plots in each scheme (gradsite/overrides: --gs-series-1, -2).
SERIES = {
    "light": ("rgb(230, 74, 25)", "rgb(40, 53, 147)"),
    "dark": ("rgb(255, 138, 101)", "rgb(159, 168, 218)"),
}


@pytest.mark.parametrize(
    "language", [pytest.param(lang, marks=survey.group(lang)) for lang in LANGUAGES]
)
def test_every_page_loads_only_local_files_and_every_request_succeeds(page_survey, language):
    """Every page of the language, in the survey's one visit of each (tests/survey.py), the
    search box clicked at each depth of the site (the search index and worker load then), and
    the last page left until it requests nothing more. No request goes to another host, and
    every one succeeds."""
    found = page_survey(language)
    assert set(found["pages"]) == set(survey.PAGES) and len(survey.PAGES) >= 10, found["pages"]
    assert found["blocked"] == [], f"third-party requests: {found['blocked']}"
    assert found["failed"] == [], f"failed requests: {found['failed']}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_picture_renders_in_both_schemes(tab, served, language, tmp_path):
    """One visit per page with pictures (a page load is most of a browser test's cost): every
    picture renders, graphs and plots, in the scheme the page opens in and then, after the
    palette toggle, in the other one; plots draw their series in the scheme's colours. The
    requests of these visits stay local and succeed too (every page's: the test above)."""
    prefix = url_prefix(language)
    drawn = {
        (page.parent.relative_to(served.root).as_posix() + "/").removeprefix(
            "./"
        )  # the home page: ""
        for page in served.root.rglob("index.html")
        if "gs-figure" in page.read_text(encoding="utf-8")
    }
    with_pictures = sorted(
        path.removeprefix(prefix) for path in drawn if path.startswith("en/") == (language == "en")
    )
    assert {"retention/", "accumulation/"} <= set(with_pictures), with_pictures
    strokes = {scheme: set() for scheme in SCHEMES}
    checked = {}  # page -> the schemes its pictures were checked in
    for page in with_pictures:
        tab.open(prefix + page)
        for _ in SCHEMES:  # the scheme the page opened in (the last one chosen), then the other
            now = next(
                name
                for name, value in SCHEMES.items()
                if value == tab.page.evaluate("document.body.dataset.mdColorScheme")
            )
            checked.setdefault(page, set()).add(now)
            count = _check_figures(tab, now, tmp_path, (prefix + page).replace("/", "-"))
            assert count >= (2 if page == "retention/" else 1), (
                prefix + page,
                now,
            )  # the two retention graphs
            strokes[now] |= set(
                tab.page.locator("figure.gs-plot").evaluate_all(
                    "fs => fs.flatMap(f => [...f.querySelectorAll('svg.gs-plot-svg path')]"
                    ".map(p => getComputedStyle(p).stroke))"
                )
            )
            tab.page.locator("form[data-md-component=palette] label:visible").first.click()
    # The toggle did switch: every page's pictures were seen in both schemes.
    assert all(schemes == set(SCHEMES) for schemes in checked.values()), checked
    for scheme, colours in SERIES.items():
        for colour in colours:
            assert colour in strokes[scheme], (scheme, sorted(strokes[scheme]))
    tab.settle()
    assert tab.blocked == [], f"third-party requests: {tab.blocked}"
    # Leaving a page cancels what it still loads (net::ERR_ABORTED, the favicon say): not a failure.
    failed = [f for f in tab.failed if not f.startswith("net::ERR_ABORTED ")]
    assert failed == [], f"failed requests: {failed}"
