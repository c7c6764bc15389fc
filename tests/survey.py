"""Every page of the site on a phone, visited once per language and measured in that visit.

A page load is most of a browser test's cost, and several tests read the same pages at a
phone's width: whether the page is wider than the screen (tests/test_browser.py,
tests/test_layout.py), whether a code or output block scrolls sideways or is cut
(tests/test_phone.py, tests/test_layout.py), where the claim marks are (tests/test_phone.py).
`phone_survey(language)` (a fixture of tests/browser.py) opens each page once and runs every
probe below on it; the tests assert on what it found. Each test still fails on its own finding,
and each planted mistake (the same checks on a page broken on purpose) is measured at the end,
so every check is seen failing.

The tests that read a language's survey carry `xdist_group("phone-<language>")` (`GROUP`): in
`make test` they run in one worker, which makes the survey once.

In each visit, in this order:

1. at 360 px (`PHONE`), folds closed, as the page opens: how much wider than the window the
   page is;
2. at 390 px (`PHONE_390`), every fold opened as a reader opens them: the code and output
   blocks, those whose text is wider than their box (scrolling, or cut), the output blocks
   among them, and on chapter pages the claim marks and what is wrong with them.
"""

from __future__ import annotations

import pytest
from gradsite.project import CHAPTERS, ROOT, url_prefix

from browser import PHONE  # 360 px

PHONE_390 = {"width": 390, "height": 844}
# Every page of the site, as a path under a language's root ("" is the home page).
PAGES = sorted(
    "" if page.parent == ROOT / "docs" else f"{page.parent.name}/"
    for page in (ROOT / "docs").glob("**/index.zh.md")
)
PLANTED_ON = "retention/"  # the page the planted mistakes are measured on


def group(language: str):
    """The xdist group of the tests that read `language`'s survey."""
    return pytest.mark.xdist_group(f"phone-{language or 'zh'}")


OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
OPEN_FOLDS = "document.querySelectorAll('article details').forEach(fold => { fold.open = true; })"
# Blocks whose text is wider than their box (it scrolls, or is cut): the longest line of each.
SCROLLING = """() => [...document.querySelectorAll("article pre")].filter(pre => {
  const box = pre.querySelector(":scope > code") || pre;
  return box.scrollWidth > box.clientWidth + 1 || pre.scrollWidth > pre.clientWidth + 1;
}).map(pre => pre.textContent.split("\\n").reduce((a, b) => (b.length > a.length ? b : a)).slice(0, 60))"""
# Output blocks (a highlight after a highlight) whose text is wider than their box: cut.
CUT_OUTPUTS = """() => [...document.querySelectorAll("article .highlight + .highlight > pre > code")]
  .filter(code => code.scrollWidth > code.clientWidth + 1)
  .map(code => code.textContent.split("\\n").reduce((a, b) => (b.length > a.length ? b : a)).slice(0, 60))"""
# Each claim mark: where it is, its size, and what is wrong with it.
MARKS = """() => {
  const marks = [...document.querySelectorAll("article a.gs-claim__mark")];
  const problems = [];
  const seen = new Map();
  const block = mark => mark.closest("p, li, td, th, dd, dt, blockquote, h1, h2, h3, h4");
  marks.forEach((mark, i) => {
    const ids = mark.dataset.claims.split(" ");
    const where = block(mark);
    if (seen.has(where)) problems.push(["a second mark in its paragraph", ids]);
    seen.set(where, mark);
    // The mark and the word before it are kept on one line (span.gs-claim__end).
    const unit = mark.parentElement.matches(".gs-claim__end") ? mark.parentElement : mark;
    if (unit.parentElement !== where || mark.nextSibling) problems.push(["not at its paragraph's end", ids]);
    for (let next = unit.nextSibling; next; next = next.nextSibling) {
      if (next.nodeType === 1 && /^(UL|OL|DL|DIV|PRE|TABLE|DETAILS|P|BLOCKQUOTE)$/.test(next.tagName)) break;
      if (next.textContent.trim()) { problems.push(["text after it", ids, next.textContent.slice(0, 40)]); break; }
    }
    for (const id of ids)
      if (!where.querySelector("#claim-" + id)) problems.push(["a claim of another paragraph", id]);
    const box = mark.getBoundingClientRect();
    if (box.width < 24 || box.height < 24) problems.push(["smaller than 24 px", ids, box.width, box.height]);
    if (i) {
      const between = document.createRange();
      between.setStartAfter(marks[i - 1]);
      between.setEndBefore(mark);
      if (!between.toString().trim()) problems.push(["two in a row", ids]);
    }
  });
  return {marks: marks.length, claims: document.querySelectorAll("article .gs-claim__at").length,
          named: marks.reduce((n, mark) => n + mark.dataset.claims.split(" ").length, 0), problems};
}"""


def measure(tab, language: str) -> dict:
    """Open every page of `language` in `tab` (tests/browser.py) and measure it (see above);
    then the planted mistakes, on PLANTED_ON: {"pages": {path: {...}}, "planted": {...}}."""
    page, prefix = tab.page, tab.base + url_prefix(language)
    found = {}
    for path in PAGES:
        page.set_viewport_size(PHONE)
        page.goto(prefix + path, wait_until="load")
        seen = {"overflow_360": page.evaluate(OVERFLOW)}
        page.set_viewport_size(PHONE_390)
        page.evaluate(OPEN_FOLDS)
        seen["blocks"] = page.locator("article pre").count()
        seen["outputs"] = page.locator("article .highlight + .highlight").count()
        seen["scrolling"] = page.evaluate(SCROLLING)
        seen["cut_outputs"] = page.evaluate(CUT_OUTPUTS)
        if path.rstrip("/") in CHAPTERS:
            seen["marks"] = page.evaluate(MARKS)
        found[path] = seen
    # The planted mistakes, on the last page opened again at 390 px with its folds open.
    page.goto(prefix + PLANTED_ON, wait_until="load")
    page.evaluate(OPEN_FOLDS)
    planted = {}
    page.add_style_tag(content=".md-typeset pre > code { white-space: pre !important; }")
    planted["scrolling"] = page.evaluate(SCROLLING)  # without the wrapping (docs/assets/site.css)
    planted["cut_outputs"] = page.evaluate(CUT_OUTPUTS)
    page.evaluate(  # a second mark right after the last one
        "(m => m.after(m.cloneNode()))([...document.querySelectorAll('article a.gs-claim__mark')].pop())"
    )
    planted["marks"] = page.evaluate(MARKS)
    return {"pages": found, "planted": planted}
