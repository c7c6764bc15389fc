"""Pictures render in headless Chromium, in both languages and both colour schemes,
with every request to another host blocked (fixtures: tests/browser.py)."""

from __future__ import annotations

import re

import pytest

PAGES = ["retention/", "en/retention/"]
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
        figure.locator("svg[role=img]").screenshot(path=str(path))  # the picture alone, no HTML text
        pixels = numpy.asarray(Image.open(path).convert("RGB"), dtype=float)
        light = numpy.sort((pixels @ [0.2126, 0.7152, 0.0722]).ravel())  # luminance
        background, ink = light[len(light) // 2], (light[0] if scheme == "light" else light[-1])
        # Something is drawn, and it stands out from the page in this scheme (black on slate would not).
        assert abs(ink - background) > 120, (path, background, ink)
        assert (background > 128) == (scheme == "light"), (path, background)
    return figures.count()


# The series colours of the loss-curve plots in each scheme (gradsite/overrides: --gs-series-1, -2).
SERIES = {"light": ("rgb(230, 74, 25)", "rgb(40, 53, 147)"), "dark": ("rgb(255, 138, 101)", "rgb(159, 168, 218)")}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_page_with_pictures_renders(tab, served, scheme, tmp_path):
    """Every picture of every page, both languages: graphs, and plots drawn in the scheme's colours."""
    pages = sorted(p for p in served.root.rglob("index.html") if "gs-figure" in p.read_text(encoding="utf-8"))
    paths = [page.parent.relative_to(served.root).as_posix() for page in pages]
    assert set(PAGES) <= {f"{path}/" for path in paths}, paths
    tab.page.emulate_media(color_scheme=scheme)
    strokes = set()
    for path in paths:
        tab.open("" if path == "." else f"{path}/")
        count = _check_figures(tab, scheme, tmp_path, path.replace("/", "-"))
        assert count >= (2 if f"{path}/" in PAGES else 1), path  # the two retention graphs, at least
        strokes |= set(tab.page.locator("figure.gs-plot").evaluate_all(
            "fs => fs.flatMap(f => [...f.querySelectorAll('svg.gs-plot-svg path')].map(p => getComputedStyle(p).stroke))"
        ))
    for colour in SERIES[scheme]:
        assert colour in strokes, (scheme, sorted(strokes))
    # Leaving a page cancels its last loads (net::ERR_ABORTED): that is not a failure.
    assert tab.blocked == [] and [f for f in tab.failed if "ERR_ABORTED" not in f] == []
