"""Every page of the site, visited once per language and measured in that visit.

A page load is most of a browser test's cost (a chapter page costs Chromium 1 to 2.6 s of CPU),
and many tests read the same pages: whether the page is wider than a phone, whether a code or
output block scrolls sideways or is cut, where the claim marks are and what their proof shows,
where output labels sit, how wide tables behave, whether every request stays local and
succeeds. `page_survey(language)` (a fixture of tests/browser.py) opens each page once,
resizes it instead of loading it again, and runs every probe below; the tests
(tests/test_phone.py, tests/test_layout.py, tests/test_browser.py,
tests/test_pictures_browser.py) assert on what it found. Each test still fails on its own
finding, and each planted mistake (the same checks on a page broken on purpose) is measured
too, so every check is seen failing.

The tests that read a language's survey carry `xdist_group("phone-<language>")` (`group`): in
`make test` they run in one worker, which makes the survey once.

In each visit, in this order:

1. at 360 px (`PHONE`), folds closed, as the page opens: how much wider than the window the
   page is, the tables; on a chapter page, a tap on its first asserted claim mark and what the
   proof shows (then Escape closes it); then every fold opened as a reader opens them (a
   closed fold's content is not rendered, docs/assets/site.css): how much wider the page is
   now, the output labels, the code and output blocks, those whose text is wider than their
   box (scrolling, or cut), the output blocks among them, the blocks whose first line runs
   under the copy button, and on chapter pages the claim marks and what is wrong with them.
   360 px is the narrowest phone the site is read on: a block that fits it fits a 390 px
   phone too (the same CSS applies to both, and a wider box only gives a line more room);
2. at 1280 px (`DESKTOP`): the output labels and the tables again; then, the folds closed
   again, every picture in the scheme the page is in and, after the palette toggle, in the
   other one, then toggled back (`_pictures`); on READ_ON, a glossary term's tooltip on
   hover, the edit link, the page's date and the code width (`_read`); on a chapter page,
   what the notes say with RELEASE chosen (`_release`), and a hover on its first asserted
   claim mark and what the proof shows; on the page before the
   claims page (a chapter), its link to the claims page, followed: that visit is the claims
   page's, and the claim's row there is read;
3. on PLANTED_ON, at 360 px again, folds open: whether a numbered line's number covers its
   first character, then the planted mistakes (the next page load undoes them);
4. on the home page and the first chapter page (`SEARCHED`: one page at each depth of the
   site), the search box clicked (the search index and worker load then); after the last
   page, the page left alone until it makes no request: every request the visits made,
   blocked or failed, is listed.
"""

from __future__ import annotations

import pytest
from gradsite.project import CHAPTERS, ROOT, url_prefix

from browser import DESKTOP, PHONE  # 1280 px, 360 px

# Every page of the site, as a path under a language's root ("" is the home page).
PAGES = sorted(
    "" if page.parent == ROOT / "docs" else f"{page.parent.name}/"
    for page in (ROOT / "docs").glob("**/index.zh.md")
)
PLANTED_ON = "retention/"  # the page the planted mistakes are measured on
CLAIMS = "claims/"  # reached through a proof's link from the page before it
# The page whose glossary tooltip, edit link, date and code width are read, and the term hovered.
READ_ON = "retention/"
HOVERED = {"zh": "叶子节点", "en": "leaf tensor"}
RELEASE = (
    "1.13.1"  # the release chosen on each chapter page ("My PyTorch", docs/assets/releases.js)
)
# The pages the search box is clicked on: one at each depth, since what the search loads is
# addressed from the page (`../search/...`). Each click builds the search index in a new worker
# (a second of CPU): on every page, it was a fifth of the survey's time.
SEARCHED = ("", f"{CHAPTERS[0]}/")


def group(language: str):
    """The xdist group of the tests that read `language`'s survey."""
    return pytest.mark.xdist_group(f"phone-{language or 'zh'}")


OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
OPEN_FOLDS = "document.querySelectorAll('article details').forEach(fold => { fold.open = true; })"
CLOSE_FOLDS = OPEN_FOLDS.replace("true", "false")
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


# For every output block: the gap between the top of its box and its text, and the height of
# its label. The label must be a line of its own, above the text (tests/test_layout.py).
LABELS = """() => [...document.querySelectorAll("article .highlight + .highlight")].map(box => {
  const label = getComputedStyle(box, "::before");
  const text = box.querySelector("pre > code");
  return {
    label: label.content,
    position: label.position,
    labelHeight: parseFloat(label.height),
    textTop: text.getBoundingClientRect().top - box.getBoundingClientRect().top,
  };
})"""
# Each table in a scrolling box: whether it fits the box, and whether the box scrolls.
TABLES = """() => [...document.querySelectorAll("article table")].filter(table =>
  table.closest(".md-typeset__scrollwrap, .mx-wrap")).map(table => {
  const box = table.closest(".md-typeset__scrollwrap, .mx-wrap");  // Material's box, or the matrix's own
  return {
    fits: table.getBoundingClientRect().width <= box.clientWidth + 1,
    scrolls: getComputedStyle(box).overflowX === "auto" || getComputedStyle(box).overflowX === "scroll",
  };
})"""
# The first lines of the page's first numbered block (the folded checks number their lines as
# the example's file does) whose first character is drawn under the line's number: hit-tested
# at the character's centre, the block scrolled into view.
UNDER_NUMBERS = """() => {
  const block = document.querySelector("article pre:has([data-linenos])");
  if (!block) return null;
  block.scrollIntoView({block: "center"});
  return [...block.querySelectorAll("code > span[id^='__span-']")].slice(0, 6).filter(line => {
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT, node =>
      node.parentElement.closest("a, [data-linenos]") || !node.data.trim()
        ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_ACCEPT);
    const text = walker.nextNode();
    if (!text) return false;
    const at = text.data.search(/\\S/), range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    const box = range.getClientRects()[0];
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !hit || !line.contains(hit) || hit.closest("a, [data-linenos]") !== null;
  }).map(line => line.textContent.trim().slice(0, 40));
}"""
# The code and output blocks whose first line has a word under the copy button (Material's
# .md-code__nav, drawn over the block's top right corner; spaces may hang there, unseen): the
# first 60 characters of each.
UNDER_BUTTON = """() => [...document.querySelectorAll("article div.highlight")].filter(block => {
  const nav = block.querySelector(".md-code__nav");
  const line = block.querySelector("pre > code > span[id^='__span-']");
  if (!nav || !line) return false;
  const button = nav.getBoundingClientRect();
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    for (const word of text.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      if ([...range.getClientRects()].some(r => r.width > 0 && r.right > button.left
          && r.left < button.right && r.bottom > button.top && r.top < button.bottom)) return true;
    }
  }
  return false;
}).map(block => block.querySelector("pre > code").textContent.split("\\n")[0].slice(0, 60))"""
# Material's own placing of a line's number (floated at the line's start), for the planted check.
FLOATED_NUMBERS = (
    ".md-typeset .highlight pre > code > span[id^='__span-'] [data-linenos]::before {"
    " position: sticky !important; float: left !important; width: auto !important;"
    " margin-left: -1.1764705882em !important; margin-right: 1.1764705882em !important;"
    " padding-left: 1.1764705882em !important; }"
    " .md-typeset pre > code > span[id^='__span-']:has(.linenos) {"
    " padding-left: var(--gs-hang) !important; }"
)
MARK = "article a.gs-claim__mark--asserted"


# A picture (graph or plot): its size, its SVG's, its label, its text, its broken images.
FIGURE = """figure => {
  const box = figure.getBoundingClientRect();
  const svg = figure.querySelector("svg[role=img]").getBoundingClientRect();
  const images = [...figure.querySelectorAll("img")];
  return {
    width: box.width, height: box.height, svgWidth: svg.width, svgHeight: svg.height,
    label: figure.querySelector("svg[role=img]").getAttribute("aria-label"),
    text: figure.innerText,
    broken: images.filter(img => !img.complete || img.naturalWidth === 0).length,
  };
}"""
# The colours the plots' series are drawn in.
STROKES = """figures => [...new Set(figures.flatMap(f =>
  [...f.querySelectorAll("svg.gs-plot-svg path")].map(p => getComputedStyle(p).stroke)))]"""


def _luminance(png: bytes) -> dict:
    """A picture's darkest, median and lightest luminance (0 to 255)."""
    import io

    import numpy
    from PIL import Image

    pixels = numpy.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)
    light = numpy.sort((pixels @ [0.2126, 0.7152, 0.0722]).ravel())
    return {"darkest": light[0], "median": light[len(light) // 2], "lightest": light[-1]}


def _pictures(page) -> dict:
    """Every picture of the open page in the scheme it is in, then in the other one after the
    palette toggle, then toggled back (the next pages open as before): {scheme: {"figures":
    [...], "strokes": [...]}}, {} on a page without pictures. A shot is of the picture alone,
    with the sticky header (deep orange) hidden: over a figure at the top of the window it once
    read as the picture's background."""
    figures = page.locator("figure.gs-figure")
    if not figures.count():
        return {}
    seen = {}
    for _ in range(2):
        shown = []
        for i in range(figures.count()):
            figure = figures.nth(i)
            figure.scroll_into_view_if_needed()
            shot = figure.locator("svg[role=img]").screenshot(
                animations="disabled",
                style=".md-header, .md-tabs { visibility: hidden !important; }",
            )
            shown.append({**figure.evaluate(FIGURE), **_luminance(shot)})
        scheme = page.evaluate("document.body.dataset.mdColorScheme")
        strokes = page.locator("figure.gs-plot").evaluate_all(STROKES)
        seen[scheme] = {"figures": shown, "strokes": strokes}
        page.locator("form[data-md-component=palette] label:visible").first.click()
    return seen


def _proof(tab, phone: bool) -> dict:
    """Hover (desktop) or tap (phone) the page's first asserted claim mark: what shows."""
    page = tab.page
    mark = page.locator(MARK).first
    if not mark.count():
        return {"mark": None}
    claim = mark.get_attribute("data-claim")
    mark.scroll_into_view_if_needed()
    if phone:
        mark.click()  # what a tap sends (Playwright's tap() needs a touch context)
    else:
        mark.hover()
    tip = page.locator(".gs-claim-tip")
    tip.wait_for(state="visible", timeout=5000)
    return {
        "mark": claim,
        "code": tip.locator("pre code").first.inner_text(),
        "text": tip.inner_text(),
        "box": tip.bounding_box(),
        "width": page.viewport_size["width"],
        "url": page.url,
        "links": tip.locator(f'a[href$="claims/#{claim}"]').count(),
    }


def _hide_the_proof(tab) -> None:
    tab.page.keyboard.press("Escape")  # docs/assets/claims.js hides the tip
    tab.page.locator(".gs-claim-tip").wait_for(state="hidden", timeout=5000)


# Each example's status line under it, after a release is chosen ("" where it has none).
STATUSES = """() => Object.fromEntries([...document.querySelectorAll(".mx-versions[data-example]")]
  .map(marker => [marker.dataset.example, (marker.querySelector(".mx-status") || {}).textContent || ""]))"""


def _release(page) -> dict:
    """On a chapter page: RELEASE chosen in "My PyTorch", what every note and status then says
    (folded ones too) and each example's status; then the release the page had, chosen again
    (the choice is remembered for the next pages)."""
    select = page.locator(".mx-choice select")
    had = select.input_value()
    select.select_option(RELEASE)
    seen = {
        "said": page.locator(".mx-versions").all_text_contents(),
        "statuses": page.evaluate(STATUSES),
    }
    select.select_option(had)
    return seen


# How many characters of the page's first code block fit its width without scrolling.
CODE_WIDTH = """() => {
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


def _read(page, language: str) -> dict:
    """On READ_ON at 1280 px: the glossary term's tooltip on hover, the edit link, the page's
    date, and how many characters a code block shows."""
    term = page.locator(f"article abbr:text-is('{HOVERED[language]}')").first
    term.scroll_into_view_if_needed()
    term.hover()
    tooltip = page.locator(".md-tooltip2--active, .md-tooltip--active").first
    tooltip.wait_for(state="visible", timeout=5000)
    seen = {"tooltip": tooltip.inner_text()}
    page.mouse.move(0, 0)
    tooltip.wait_for(state="hidden", timeout=5000)
    seen["edit"] = page.locator("a.md-content__button[href*='/edit/']").get_attribute("href")
    seen["date"] = page.locator(".md-source-file .git-revision-date-localized-plugin").inner_text()
    seen["code_width"] = page.evaluate(CODE_WIDTH)
    return seen


def _planted(page) -> dict:
    """The checks again on the open page, broken on purpose (at 360 px, folds open)."""
    planted = {}
    page.add_style_tag(content=".md-typeset pre > code { white-space: pre !important; }")
    page.add_style_tag(  # the first line as long as the others (docs/assets/site.css)
        content=".md-typeset pre > code > span[id^='__span-']:first-child"
        " { padding-right: 0 !important; }"
    )
    planted["under_button"] = page.evaluate(UNDER_BUTTON)
    planted["scrolling"] = page.evaluate(SCROLLING)  # without the wrapping (docs/assets/site.css)
    planted["cut_outputs"] = page.evaluate(CUT_OUTPUTS)
    page.evaluate(  # a second mark right after the last one
        "(m => m.after(m.cloneNode()))([...document.querySelectorAll('article a.gs-claim__mark')].pop())"
    )
    planted["marks"] = page.evaluate(MARKS)
    page.add_style_tag(content=FLOATED_NUMBERS)  # the line numbers as Material places them
    planted["under_numbers"] = page.evaluate(UNDER_NUMBERS)
    return planted


def measure(tab, language: str) -> dict:
    """Open every page of `language` in `tab` (tests/browser.py) and measure it (see above):
    {"pages": {path: {...}}, "planted": {...}, "claims_row": {...}, "blocked": [...],
    "failed": [...]}."""
    page, prefix = tab.page, tab.base + url_prefix(language)
    found, planted, claims_row = {}, {}, {}
    chapters = [path for path in PAGES if path.rstrip("/") in CHAPTERS]
    # The claims page is reached from the page before it, a chapter, through a proof's link.
    before_claims = PAGES[PAGES.index(CLAIMS) - 1]
    assert before_claims in chapters, f"the page before {CLAIMS} is not a chapter: {PAGES}"
    for path in PAGES:
        chapter = path in chapters
        page.set_viewport_size(PHONE)
        if path != CLAIMS:  # else already open: arrived at through the link
            page.goto(prefix + path, wait_until="load")
        seen = {
            "overflow_360": page.evaluate(OVERFLOW),
            "tables_360": page.evaluate(TABLES),
        }
        if chapter:
            seen["proof_phone"] = _proof(tab, phone=True)
            _hide_the_proof(tab)
        page.evaluate(OPEN_FOLDS)  # a closed fold's content is not rendered (docs/assets/site.css)
        seen["overflow_360_open"] = page.evaluate(OVERFLOW)
        seen["labels_360"] = page.evaluate(LABELS)
        seen["blocks"] = page.locator("article pre").count()
        seen["outputs"] = page.locator("article .highlight + .highlight").count()
        seen["scrolling"] = page.evaluate(SCROLLING)
        seen["cut_outputs"] = page.evaluate(CUT_OUTPUTS)
        seen["under_button"] = page.evaluate(UNDER_BUTTON)
        if chapter:
            seen["marks"] = page.evaluate(MARKS)
        page.set_viewport_size(DESKTOP)
        seen["labels_desktop"] = page.evaluate(LABELS)
        seen["tables_desktop"] = page.evaluate(TABLES)
        page.evaluate(CLOSE_FOLDS)  # the pictures as the page opens: the folds closed
        seen["pictures"] = _pictures(page)
        if path == READ_ON:
            seen["read"] = _read(page, language)
        found[path] = seen
        if path in SEARCHED:  # the search index and worker load when the search box is used
            page.locator("input.md-search__input").click()
            page.wait_for_load_state("networkidle")
            # Closed through its toggle (Escape raced Material's focus handler under load).
            page.evaluate(
                "() => { const t = document.getElementById('__search'); t.checked = false;"
                " t.dispatchEvent(new Event('change')); document.activeElement.blur(); }"
            )
        if chapter:
            seen["release"] = _release(page)
            seen["proof_desktop"] = _proof(tab, phone=False)
            if path == before_claims:  # its link to the claims page, followed
                claim = seen["proof_desktop"]["mark"]
                page.locator(f'.gs-claim-tip a[href$="claims/#{claim}"]').click()
                page.wait_for_load_state("load")
                row = page.locator(f"tr#{claim}")
                claims_row = {
                    "claim": claim,
                    "url": page.url,
                    "rows": row.count(),
                    "text": row.first.inner_text() if row.count() else "",
                }
            else:
                _hide_the_proof(tab)
        if path == PLANTED_ON:
            page.set_viewport_size(PHONE)
            page.evaluate(OPEN_FOLDS)
            seen["under_numbers"] = page.evaluate(UNDER_NUMBERS)
            planted = _planted(page)
    tab.settle()
    return {
        "pages": found,
        "planted": planted,
        "claims_row": claims_row,
        "blocked": list(tab.blocked),
        # Leaving a page cancels what it still loads (net::ERR_ABORTED): not a failure.
        "failed": [f for f in tab.failed if not f.startswith("net::ERR_ABORTED ")],
    }
