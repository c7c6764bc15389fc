"""Every page in headless Chromium, both languages, read from the page survey's visit of
every page (tests/survey.py): requests stay local and succeed, and pictures render in both colour
schemes (fixtures: tests/browser.py, which blocks every request to another host)."""

from __future__ import annotations

import re

import pytest
from gradsite.project import LANGUAGES, url_prefix

import survey

SCHEMES = {"light": "default", "dark": "slate"}
IN_SURVEY = [pytest.param(lang, marks=survey.group(lang)) for lang in LANGUAGES]

# The series colours of the loss-curve plots in each scheme (gradsite/overrides: --gs-series-1, -2).
SERIES = {
    "light": ("rgb(230, 74, 25)", "rgb(40, 53, 147)"),
    "dark": ("rgb(255, 138, 101)", "rgb(159, 168, 218)"),
}


@pytest.mark.parametrize("language", IN_SURVEY)
def test_every_page_loads_only_local_files_and_every_request_succeeds(page_survey, language):
    """Every page of the language, in the survey's one visit of each (tests/survey.py), the
    search box clicked at each depth of the site (the search index and worker load then), and
    the last page left until it requests nothing more. No request goes to another host, and
    every one succeeds."""
    found = page_survey(language)
    assert set(found["pages"]) == set(survey.PAGES) and len(survey.PAGES) >= 10, found["pages"]
    assert found["blocked"] == [], f"third-party requests: {found['blocked']}"
    assert found["failed"] == [], f"failed requests: {found['failed']}"


@pytest.mark.parametrize("language", IN_SURVEY)
def test_every_picture_renders_in_both_schemes(page_survey, served, language):
    """Every picture, graphs and plots, on every page that has one, in the scheme the page
    opens in and then, after the palette toggle, in the other one (the survey's desktop pass,
    `_pictures`): it has a size and a label, no error text, no broken image; something is
    drawn that stands out from the page in that scheme (black on slate would not); plots draw
    their series in the scheme's colours."""
    pages = page_survey(language)["pages"]
    drawn = {path: seen["pictures"] for path, seen in pages.items() if seen["pictures"]}
    built = {  # the pages whose HTML holds a picture
        page.parent.relative_to(served.root / url_prefix(language)).as_posix() + "/"
        for page in (served.root / url_prefix(language)).glob("*/index.html")
        if "gs-figure" in page.read_text(encoding="utf-8")
    }
    assert set(drawn) == built and {"retention/", "accumulation/"} <= built, (drawn, built)
    strokes = {scheme: set() for scheme in SCHEMES}
    for path, schemes in drawn.items():
        # The toggle did switch: each page's pictures were seen in both schemes.
        assert set(schemes) == set(SCHEMES.values()), (language, path, sorted(schemes))
        for name, value in SCHEMES.items():
            figures = schemes[value]["figures"]
            assert len(figures) >= (2 if path == "retention/" else 1), (language, path, name)
            for seen in figures:
                where = (language, path, name, seen["label"])
                assert seen["width"] > 100 and seen["height"] > 100, (where, seen)
                assert seen["svgWidth"] > 100 and seen["svgHeight"] > 50, (where, seen)
                assert seen["broken"] == 0 and seen["label"].strip(), where
                assert not re.search(r"Traceback|Error|not run", seen["text"]), (where, seen)
                background = seen["median"]
                ink = seen["darkest"] if name == "light" else seen["lightest"]
                assert abs(ink - background) > 120, (where, background, ink)
                assert (background > 128) == (name == "light"), (where, background)
            strokes[name] |= set(schemes[value]["strokes"])
    for scheme, colours in SERIES.items():
        for colour in colours:
            assert colour in strokes[scheme], (scheme, sorted(strokes[scheme]))
