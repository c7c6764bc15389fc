"""What a reader meets on a phone, in Chromium (issue 31): code that wraps instead of
scrolling sideways, one claim mark per paragraph, and "My PyTorch" that says where the chosen
release differs.

* every code and output block of every page, both languages, fits its box at 360 px (so on a
  390 px phone too; tests/survey.py): long lines wrap (docs/assets/site.css), each
  continuation after a "↪" that is not copied;
* a paragraph (list item, table cell) that makes claims has one mark, at its end, a 24 px
  target, never two in a row; its popover lists the paragraph's claims, and the claims page
  still lands on each claim's sentence (gradsite/claims.py, docs/assets/claims.js);
* after choosing a release, a line under the choice counts the examples that print something
  else, each a link; under each, what that release does, the failing line quoted (never a
  line number), and the previous and next ones (docs/assets/releases.js).

Each check is also run on a page with a planted mistake, so it is seen failing. Fixtures are
in tests/browser.py; without Chromium these tests are skipped.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from gradsite.project import CHAPTERS, LANGUAGES, ROOT, url_prefix

import survey

PHONE_390 = {"width": 390, "height": 844}  # a common phone (the survey measures at 360 px)
CHOSEN = survey.RELEASE
# Each language, its tests in the xdist group that reads its phone survey (tests/survey.py).
IN_SURVEY = [pytest.param(language, marks=survey.group(language)) for language in LANGUAGES]

# --- code that wraps ------------------------------------------------------------------------


@pytest.mark.parametrize("language", IN_SURVEY)
def test_no_code_or_output_block_scrolls_sideways_at_360_px(page_survey, language):
    """Every page at 360 px, folded proofs opened as a reader opens them (tests/survey.py)."""
    found = page_survey(language)
    for path, seen in found["pages"].items():
        assert not seen["scrolling"], (
            f"{language} {path or 'home'}: {len(seen['scrolling'])} blocks scroll: "
            f"{seen['scrolling'][:3]}"
        )
    blocks = sum(seen["blocks"] for seen in found["pages"].values())
    assert blocks > 300, f"only {blocks} code and output blocks in the site"
    # Without the wrapping, the same check finds blocks that scroll.
    assert len(found["planted"]["scrolling"]) >= 5, "the check above cannot fail"


@pytest.mark.parametrize("language", IN_SURVEY)
def test_no_first_line_runs_under_the_copy_button(page_survey, language):
    """Every page at 360 px, folds open (tests/survey.py, UNDER_BUTTON): Material draws the copy
    button over a block's top right corner, and a wrapped first line ran under it."""
    found = page_survey(language)
    for path, seen in found["pages"].items():
        assert not seen["under_button"], (
            f"{language} {path or 'home'}: {len(seen['under_button'])} first lines run under "
            f"the copy button: {seen['under_button'][:3]}"
        )
    # With the first line as long as the others, the same check finds them.
    assert len(found["planted"]["under_button"]) >= 3, found["planted"]["under_button"]


@pytest.mark.parametrize("language", IN_SURVEY)
def test_a_numbered_line_shows_its_first_characters(page_survey, language):
    """The folded checks number their lines as the example's file does: at 360 px the number
    never covers the start of its line (docs/assets/site.css; tests/survey.py, UNDER_NUMBERS).
    Material floats it there, and the wrapped lines' hanging indent drew "assert" as "sert"."""
    found = page_survey(language)
    covered = found["pages"][survey.PLANTED_ON]["under_numbers"]
    assert covered == [], f"{language}: the line's number covers the start of {covered}"
    # With the numbers floated as Material places them, the same check finds the covered lines.
    assert len(found["planted"]["under_numbers"]) >= 3, found["planted"]["under_numbers"]


_LINES = """block => {
  const lines = [...block.querySelectorAll('pre > code > span[id^="__span-"]')];
  const height = parseFloat(getComputedStyle(lines[0]).lineHeight);
  const wrapped = lines.filter(line => line.getBoundingClientRect().height > 1.5 * height);
  const first = wrapped.find(line => /^ +\\S/.test(line.textContent));
  const mark = first && getComputedStyle(first, "::before");
  return {
    wrapped: wrapped.length,
    mark: mark && mark.content,
    markTop: mark && parseFloat(mark.top) / height,
    indent: first && first.style.getPropertyValue("--gs-indent"),
    spaces: first && /^ */.exec(first.textContent)[0].length,
    text: block.querySelector("code").textContent,
    rendered: block.querySelector("code").innerText,
  };
}"""
COPY = "button.md-code__button[data-md-type=copy]"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrapped_line_continues_after_a_mark_under_its_indentation_and_copies_as_written(
    tab, language
):
    tab.page.set_viewport_size(PHONE_390)
    tab.open(url_prefix(language) + "retention/")
    block = tab.page.locator("article div.highlight").first
    seen = block.evaluate(_LINES)
    assert seen["wrapped"] >= 3, seen
    assert seen["mark"].startswith('"↪'), "a continuation line starts with a mark"
    assert seen["markTop"] == pytest.approx(1.0, abs=0.01), (
        "the mark is on the continuations, not the line"
    )
    assert seen["indent"] == str(seen["spaces"]), "the line continues under its own indentation"
    block.hover()
    block.locator(COPY).click()
    copied = tab.page.evaluate("navigator.clipboard.readText()")
    assert copied == seen["text"].rstrip("\n") and "↪" not in copied
    # What a hand selection copies (the rendered text) has each line break once, too.
    assert seen["rendered"].rstrip("\n") == copied


# --- claim marks ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", IN_SURVEY)
def test_one_claim_mark_per_paragraph_at_its_end_a_24_px_target_never_two_in_a_row(
    page_survey, language
):
    """Every chapter page at 360 px, folds open (tests/survey.py, MARKS)."""
    found = page_survey(language)
    for chapter in CHAPTERS:
        seen = found["pages"][f"{chapter}/"]["marks"]
        assert not seen["problems"], f"{language} {chapter}: {seen['problems'][:5]}"
        assert seen["named"] == seen["claims"], f"{chapter}: every claim in exactly one mark"
        assert 0 < seen["marks"] < seen["claims"], seen
    # A second mark planted right after the last one: found.
    kinds = {problem[0] for problem in found["planted"]["marks"]["problems"]}
    assert {"two in a row", "a second mark in its paragraph"} <= kinds, kinds


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_paragraph_s_mark_shows_each_of_its_claims_and_the_claims_page_lands_on_one(
    tab, language
):
    tab.page.set_viewport_size(PHONE_390)
    prefix = url_prefix(language)
    tab.open(f"{prefix}retention/")
    mark = tab.page.locator("article a.gs-claim__mark[data-claims*=' ']").first
    ids = mark.get_attribute("data-claims").split()
    mark.scroll_into_view_if_needed()
    mark.click()  # what a tap sends
    tip = tab.page.locator(".gs-claim-tip")
    tip.wait_for(state="visible", timeout=5000)
    assert tip.locator(".gs-claim-tip__claim").count() == len(ids)
    assert tip.locator(".gs-claim-tip__sentence").count() == len(ids)
    for claim in ids:
        assert tip.locator(f'a[href$="claims/#{claim}"]').count() == 1, claim
    box = tip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_390["width"], box
    # The claims page's link to the second claim of that paragraph lands on its sentence.
    tab.open(f"{prefix}claims/")
    tab.page.locator(f'tr#{ids[1]} a[href*="#claim-{ids[1]}"]').click()
    tab.page.wait_for_load_state("load")
    assert urlsplit(tab.page.url).path == f"/{prefix}retention/"
    assert urlsplit(tab.page.url).fragment == f"claim-{ids[1]}"
    landed = tab.page.evaluate(
        """id => { const at = document.getElementById(id); const box = at.getBoundingClientRect();
          return {shown: box.top >= 0 && box.top < innerHeight,
                  lit: getComputedStyle(at.closest("p, li, td")).backgroundColor}; }""",
        f"claim-{ids[1]}",
    )
    assert landed["shown"] and landed["lit"] not in ("rgba(0, 0, 0, 0)", "transparent"), landed


# --- "My PyTorch" ---------------------------------------------------------------------------

_DIFFERING = """release => {
  const data = JSON.parse(document.getElementById("mx-data").textContent);
  const index = data.releases.indexOf(release);
  return [...document.querySelectorAll(".mx-versions[data-example]")]
    .map(marker => marker.dataset.example)
    .filter(example => { const e = data.examples[example].releases[index]; return e !== 0 && e !== null; });
}"""
# A line number in what the page says of a release: the page shows none.
_LINE_NUMBER = re.compile(r"\bline \d+|第 \d+ 行")


def _in_view(tab, selector: str) -> bool:
    return tab.page.evaluate(
        """s => { const box = document.querySelector(s).getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.top < innerHeight; }""",
        selector,
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_after_a_choice_the_page_counts_the_examples_that_differ_and_jumps_to_each(tab, language):
    tab.page.set_viewport_size(PHONE_390)
    prefix = url_prefix(language)
    tab.open(f"{prefix}zeroing/")
    differing = tab.page.evaluate(_DIFFERING, CHOSEN)
    assert len(differing) >= 2, differing
    guide = tab.page.locator(".mx-guide")
    assert not guide.is_visible(), "no line before a choice"
    tab.page.locator(".mx-choice select").select_option(CHOSEN)
    said = guide.inner_text()
    assert CHOSEN in said and str(len(differing)) in said, said
    links = guide.locator("a.mx-jump")
    assert links.count() == len(differing)
    for box in links.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["width"] >= 24 and box["height"] >= 24, box
    # Each differing example, in page order, says what the release does and links the next one.
    for i, example in enumerate(differing, 1):
        block = tab.page.locator(f"#mx-diff-{i}")
        marker = tab.page.locator(f'.mx-versions[data-example="{example}"]')
        assert block.evaluate("(b, m) => b.nextElementSibling === m", marker.element_handle())
        status = marker.locator(".mx-status").inner_text()
        assert CHOSEN in status and f"{i}" in status, status
        assert not _LINE_NUMBER.search(status), status
    tab.page.locator(".mx-guide a.mx-jump").nth(1).click()
    tab.page.wait_for_timeout(300)
    assert _in_view(tab, "#mx-diff-2"), "the second link shows the second example"
    tab.page.locator("#mx-diff-2 + .mx-versions a.mx-jump", has_text="↓").click()
    tab.page.wait_for_timeout(300)
    assert _in_view(tab, "#mx-diff-3"), "next, from the second example"
    # Back to the pinned release: no line, no numbered examples.
    tab.page.locator(".mx-choice select").select_option(
        tab.page.evaluate("JSON.parse(document.getElementById('mx-data').textContent).pinned")
    )
    assert not guide.is_visible() and tab.page.locator("[id^=mx-diff-]").count() == 0


# The data the page's script reads: what each release printed, per example.
_DATA = re.compile(r'<script type="application/json" id="mx-data">(.*?)</script>', re.S)


@pytest.mark.parametrize("language", IN_SURVEY)
def test_what_a_release_does_quotes_the_failing_line_and_never_numbers_it(
    page_survey, served, language
):
    """On every chapter page, for the oldest release (chosen in the survey's visit,
    tests/survey.py `_release`): each note and status names no line number, and each failure
    quotes the line that raised, as the example's source has it."""
    pages = page_survey(language)["pages"]
    quoted = 0
    for chapter in CHAPTERS:
        seen = pages[f"{chapter}/"]["release"]
        page = served.root / url_prefix(language) / chapter / "index.html"
        data = json.loads(_DATA.search(page.read_text(encoding="utf-8"))[1])
        index = data["releases"].index(CHOSEN)
        assert any(CHOSEN in text for text in seen["said"]), chapter
        for text in seen["said"]:
            assert not _LINE_NUMBER.search(text), f"{chapter}: {text}"
        for example, info in data["examples"].items():
            entry = info["releases"][index]
            if entry and entry["status"] == "failed" and entry.get("code"):
                assert entry["code"] in seen["statuses"][example], (example, entry)
                source = [line.strip() for line in (ROOT / example).read_text().splitlines()]
                assert any(line.startswith(entry["code"]) for line in source), (example, entry)
                quoted += 1
    assert quoted >= 5, f"only {quoted} failures on {CHOSEN}"
    # A status that names a line number is found, in either language's words.
    assert all(_LINE_NUMBER.search(f"{seen['said'][0]} {n}") for n in ("(line 17)", "第 17 行"))
