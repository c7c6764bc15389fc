"""Layout readers see, in Chromium: output labels, wide tables and math, code width.

Fixtures are in tests/browser.py; without Chromium these tests are skipped.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from browser import DESKTOP, PHONE

ROOT = Path(__file__).resolve().parent.parent
WIDTHS = {"phone": PHONE, "desktop": DESKTOP}

# For every output block: the gap between the top of its box and its text, and the
# height of its label. The label must be a line of its own, above the text.
_LABELS = """() => [...document.querySelectorAll("article .highlight + .highlight")].map(box => {
  const label = getComputedStyle(box, "::before");
  const text = box.querySelector("pre > code");
  return {
    label: label.content,
    position: label.position,
    labelHeight: parseFloat(label.height),
    textTop: text.getBoundingClientRect().top - box.getBoundingClientRect().top,
  };
})"""


@pytest.mark.parametrize(("path", "label"), [("retention/", '"输出"'), ("en/accumulation/", '"Output"')])
def test_output_label_never_covers_the_output(tab, path, label):
    tab.open(path)
    for width, size in WIDTHS.items():  # the same page, resized: the layout follows the window
        tab.page.set_viewport_size(size)
        boxes = tab.page.evaluate(_LABELS)
        assert len(boxes) >= 10, f"{path}: only {len(boxes)} output blocks"
        for i, box in enumerate(boxes):
            assert box["label"] == label, (width, i, box)
            assert box["position"] in ("static", "relative"), (width, i, box)
            assert box["labelHeight"] > 0 and box["textTop"] + 0.5 >= box["labelHeight"], f"{path} {width} output {i}: {box}"


_TABLES = """() => [...document.querySelectorAll("article table")].map(table => {
  const box = table.closest(".md-typeset__scrollwrap, .mx-wrap");  // Material's box, or the matrix's own
  return {
    fits: table.getBoundingClientRect().width <= box.clientWidth + 1,
    scrolls: getComputedStyle(box).overflowX === "auto" || getComputedStyle(box).overflowX === "scroll",
  };
})"""
_OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("path", ["versions/", "en/versions/", "glossary/", "en/glossary/"])
def test_wide_tables_fit_on_a_desktop_and_scroll_in_their_own_box_on_a_phone(tab, path):
    tab.open(path)
    tables = tab.page.evaluate(_TABLES)
    assert tables and all(t["fits"] for t in tables), f"{path} at desktop width: {tables}"
    tab.page.set_viewport_size(PHONE)
    tables = tab.page.evaluate(_TABLES)
    assert all(t["scrolls"] for t in tables), tables
    assert tab.page.evaluate(_OVERFLOW) <= 0, f"{path}: a table widens the page on a phone"


# The versions pages' tables on a phone: test_wide_tables_fit_on_a_desktop_and_scroll_in_their_own_box_on_a_phone.
@pytest.mark.parametrize("path", ["accumulation/", "en/accumulation/"])
def test_math_and_tables_do_not_widen_the_page_on_a_phone(tab, path):
    tab.page.set_viewport_size(PHONE)
    tab.open(path)
    assert tab.page.evaluate(_OVERFLOW) <= 0, f"{path} is wider than a {PHONE['width']}px phone"


def test_ruff_line_length_fits_a_desktop_code_block(tab):
    """Snippet lines of ruff's line-length fit a code block at 1280 px without scrolling."""
    line_length = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]["line-length"]
    tab.open("en/retention/")
    fits = tab.page.evaluate(
        """() => {
      const code = document.querySelector("article .highlight pre > code");
      const style = getComputedStyle(code);
      const probe = document.createElement("span");
      probe.style.font = style.font;
      probe.style.whiteSpace = "pre";
      probe.textContent = "x".repeat(200);
      code.appendChild(probe);
      const perChar = probe.getBoundingClientRect().width / 200;
      probe.remove();
      return (code.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)) / perChar;
    }"""
    )
    assert fits >= line_length, f"a {DESKTOP['width']}px code block shows {fits:.1f} characters, ruff allows {line_length}"


PHONE_390 = {"width": 390, "height": 844}
# Output blocks whose text is wider than their box: cut at the right edge (or scrolled).
_CUT_OUTPUTS = """() => [...document.querySelectorAll("article .highlight + .highlight > pre > code")]
  .filter(code => code.scrollWidth > code.clientWidth + 1)
  .map(code => code.textContent.split("\\n").reduce((a, b) => (b.length > a.length ? b : a)).slice(0, 60))"""


@pytest.mark.parametrize("language", ["", "en/"])
def test_no_output_is_cut_at_390_px(tab, language):
    """docs/assets/site.css: long output lines wrap at a phone's width. Without the rule
    (checked on the last page, with the rule taken out) the same outputs are cut."""
    tab.page.set_viewport_size(PHONE_390)
    for page in ("retention/", "zeroing/", "detach/", "accumulation/"):
        tab.open(language + page)
        assert tab.page.locator("article .highlight + .highlight").count() >= 5, page
        cut = tab.page.evaluate(_CUT_OUTPUTS)
        assert not cut, f"{language}{page}: {len(cut)} outputs cut at 390 px: {cut[:5]}"
    tab.page.add_style_tag(content=".md-typeset .highlight + .highlight > pre > code { white-space: pre; }")
    assert tab.page.evaluate(_CUT_OUTPUTS), "the check above cannot fail: no output is wider than a phone"
