"""Layout readers see, in Chromium: output labels, wide tables and math, code width.

Fixtures are in tests/browser.py; without Chromium these tests are skipped.
"""

from __future__ import annotations

import tomllib

import pytest
from gradsite.project import CHAPTERS, LANGUAGES, ROOT

import survey
from browser import DESKTOP, PHONE

# Each language, its tests in the xdist group that reads its phone survey (tests/survey.py).
IN_SURVEY = [pytest.param(language, marks=survey.group(language)) for language in LANGUAGES]


LABEL = {"zh": '"输出"', "en": '"Output"'}


@pytest.mark.parametrize("language", IN_SURVEY)
def test_output_label_never_covers_the_output(page_survey, language):
    """Every chapter page at 360 and 1280 px, every fold open (the same page resized,
    tests/survey.py LABELS): each output block's label is a line of its own, above the text."""
    found = page_survey(language)["pages"]
    for chapter in CHAPTERS:
        for width in ("labels_360", "labels_desktop"):
            boxes = found[f"{chapter}/"][width]
            assert len(boxes) >= 5, f"{chapter}: only {len(boxes)} output blocks"
            for i, box in enumerate(boxes):
                assert box["label"] == LABEL[language], (chapter, width, i, box)
                assert box["position"] in ("static", "relative"), (chapter, width, i, box)
                assert box["labelHeight"] > 0 and box["textTop"] + 0.5 >= box["labelHeight"], (
                    f"{language} {chapter} {width} output {i}: {box}"
                )


@pytest.mark.parametrize("language", IN_SURVEY)
def test_wide_tables_fit_on_a_desktop_and_scroll_in_their_own_box_on_a_phone(page_survey, language):
    found = page_survey(language)["pages"]
    for path in ("versions/", "glossary/"):
        seen = found[path]
        assert seen["tables_desktop"] and all(t["fits"] for t in seen["tables_desktop"]), (
            f"{language} {path} at desktop width: {seen['tables_desktop']}"
        )
        assert all(t["scrolls"] for t in seen["tables_360"]), seen["tables_360"]
        assert seen["overflow_360"] <= 0, f"{language} {path}: a table widens the page on a phone"


# The versions pages' tables on a phone: test_wide_tables_fit_on_a_desktop_and_scroll_in_their_own_box_on_a_phone.
@pytest.mark.parametrize("language", IN_SURVEY)
def test_math_and_tables_do_not_widen_the_page_on_a_phone(page_survey, language):
    overflow = page_survey(language)["pages"]["accumulation/"]["overflow_360"]
    assert overflow <= 0, (
        f"{language} accumulation/ is {overflow}px wider than a {PHONE['width']}px phone"
    )


@pytest.mark.parametrize("language", IN_SURVEY)
def test_ruff_line_length_fits_a_desktop_code_block(page_survey, language):
    """Snippet lines of ruff's line-length fit a code block at 1280 px without scrolling (the
    first code block of survey.READ_ON, tests/survey.py, `_read`)."""
    line_length = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "ruff"
    ]["line-length"]
    fits = page_survey(language)["pages"][survey.READ_ON]["read"]["code_width"]
    assert fits >= line_length, (
        f"a {DESKTOP['width']}px code block shows {fits:.1f} characters, ruff allows {line_length}"
    )


@pytest.mark.parametrize("language", IN_SURVEY)
def test_no_output_is_cut_at_360_px(page_survey, language):
    """docs/assets/site.css: long output lines wrap at a phone's width (tests/survey.py, every
    chapter page at 360 px). Without the rule (planted on one page) outputs are cut."""
    found = page_survey(language)
    for chapter in CHAPTERS:
        seen = found["pages"][f"{chapter}/"]
        assert seen["outputs"] >= 5, chapter
        cut = seen["cut_outputs"]
        assert not cut, f"{language} {chapter}: {len(cut)} outputs cut at 360 px: {cut[:5]}"
    assert found["planted"]["cut_outputs"], (
        "the check above cannot fail: no output is wider than a phone"
    )
