"""What readers touch, checked in a real browser (Chromium through Playwright).

Fixtures are in tests/browser.py; without Chromium these tests are skipped.
"""

from __future__ import annotations

import re
import subprocess
import sys
from urllib.parse import urlsplit

import pytest
from gradsite.downloads import book
from gradsite.project import CHAPTERS, LANGUAGES, url_prefix

import survey
from browser import PHONE, Tab, find_chromium

# Each language, its tests in the xdist group that reads its page survey (tests/survey.py).
IN_SURVEY = [pytest.param(language, marks=survey.group(language)) for language in LANGUAGES]


def _path(url: str) -> str:
    return urlsplit(url).path


def test_a_missing_browser_fails_where_required_and_skips_elsewhere(monkeypatch):
    """CI (GRADSITE_REQUIRE_BROWSER=1) cannot pass with the browser tests skipped; a plain run
    skips them. The fixtures' own lookup (`chromium_path`, `chromium` and so `tab` call it)."""
    monkeypatch.setenv("GRADSITE_CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setenv("GRADSITE_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception) as failed:
        find_chromium()
    assert str(failed.value).startswith(
        "GRADSITE_REQUIRE_BROWSER=1 and browser tests need Chromium: "
        "Chromium not found: GRADSITE_CHROMIUM=/nonexistent/chromium is not a file; "
    ), failed.value
    assert "apt-get install chromium fonts-noto-cjk" in str(failed.value)
    assert "playwright install" in str(failed.value)
    for plain in ("0", ""):
        monkeypatch.setenv("GRADSITE_REQUIRE_BROWSER", plain)
        with pytest.raises(pytest.skip.Exception) as skipped:
            find_chromium()
        assert str(skipped.value).startswith("browser tests need Chromium: Chromium not found")
        assert "apt-get install chromium fonts-noto-cjk" in str(skipped.value)


def test_a_missing_browser_is_said_once_and_other_skips_are_listed():
    """`-ra`'s short summary lists no browser skip (the "left out: no browser" section says it
    once, tests/conftest.py); it still lists every other skip, and the closing line counts all."""
    from types import SimpleNamespace

    from conftest import _NoBrowserOnce

    def skipped(reason: str, where: str):
        return SimpleNamespace(longrepr=(where, 1, f"Skipped: {reason}"))

    browser = [
        skipped(f"browser tests need Chromium: {book.not_found()}", f"t{i}.py") for i in range(3)
    ]
    other = skipped("inductor takes minutes", "tests/test_compile.py")
    reporter = SimpleNamespace(stats={"skipped": [browser[0], other, *browser[1:]], "passed": []})
    summary = _NoBrowserOnce().pytest_terminal_summary(reporter)
    next(summary)  # pytest's own summary and the "left out" section run here
    assert reporter.stats["skipped"] == [other]
    assert reporter.gradsite_left_out == browser
    with pytest.raises(StopIteration):
        summary.send(None)
    assert sorted(map(id, reporter.stats["skipped"])) == sorted(map(id, [other, *browser]))


def test_gradsite_chromium_when_set_is_the_only_place_looked_at(monkeypatch, tmp_path):
    """The build and the browser tests find the same Chromium (gradsite/downloads/book.py); naming one
    that is not there means there is none, even where /usr/bin/chromium exists."""
    monkeypatch.setenv("GRADSITE_CHROMIUM", "/nonexistent/chromium")
    assert book.chromium() is None
    there = tmp_path / "chrome"
    there.write_text("")
    monkeypatch.setenv("GRADSITE_CHROMIUM", str(there))
    assert book.chromium() == str(there) == find_chromium()


@pytest.mark.parametrize(("start", "target"), [("", "en/"), ("en/", "")])
def test_language_switch_lands_on_the_same_section_and_stays(tab, start, target):
    tab.open(f"{start}retention/#retain-graph")
    tab.settle()  # the page has stopped loading, as a reader's has before they switch
    tab.page.locator(".md-select").hover()  # the language menu opens on hover
    tab.page.locator(f"a.md-select__link[hreflang={'en' if target else 'zh'}]").click()
    tab.page.wait_for_load_state("load")
    assert _path(tab.page.url) == f"/{target}retention/"
    # The address the switch landed on: Material's section tracking (navigation.tracking) may
    # rewrite the address bar afterwards, while the new page's layout settles (seen under load).
    landed = tab.page.evaluate("performance.getEntriesByType('navigation')[0].name")
    assert urlsplit(landed).fragment == "retain-graph", landed
    expected = "en" if target else "zh"
    assert tab.page.locator("html").get_attribute("lang") == expected
    # Navigation keeps the chosen language: next page, then a link in the text.
    tab.page.locator("a.md-footer__link--next").click()
    tab.page.wait_for_load_state("load")
    assert _path(tab.page.url) == f"/{target}zeroing/"
    assert tab.page.locator("html").get_attribute("lang") == expected


COPY = "button.md-code__button[data-md-type=copy]"


def _copy(tab: Tab, block) -> str:
    """Click a code block's copy button; what the clipboard then holds."""
    block.hover()
    block.locator(COPY).click()
    return tab.page.evaluate("navigator.clipboard.readText()")


def test_copy_button_copies_code_that_runs(tab, tmp_path):
    tab.open("retention/")
    code, output = (
        tab.page.locator("article div.highlight").nth(0),
        tab.page.locator("article div.highlight").nth(1),
    )
    copied = _copy(tab, code)
    shown = output.inner_text().strip()
    assert copied.startswith("import torch"), copied[:200]
    for line in shown.splitlines():
        assert line not in copied, f"output line {line!r} was copied with the code"
    script = tmp_path / "pasted.py"
    script.write_text(copied, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == shown


# Every copy button of the page clicked in turn, in the page: the text Material's copy handler
# puts on the clipboard (the selection of its `copy` event), and the code the block shows. A
# click event runs the handler as a mouse click does; the test above clicks one button as a
# reader would and reads the system clipboard. One call, instead of a hover, a click and a
# clipboard read per block (the clipboard lags behind a fast series of clicks).
_COPY_ALL = """selector => {
  let copied = null;
  const seen = event => {
    const field = event.target;
    copied = field && "value" in field && typeof field.selectionStart === "number"
      ? field.value.slice(field.selectionStart, field.selectionEnd)
      : String(document.getSelection());
  };
  document.addEventListener("copy", seen, true);
  const found = [];
  for (const button of document.querySelectorAll(selector)) {
    copied = null;
    button.click();
    found.push([copied, button.closest("div.highlight").querySelector("code").innerText]);
  }
  document.removeEventListener("copy", seen, true);
  return found;
}"""


def test_every_copied_block_is_clean(tab):
    """No prompts, no annotation markers, no line numbers in any copied block."""
    tab.open("en/retention/")
    # Folded proofs too, opened as a reader opens them.
    tab.page.evaluate(
        "document.querySelectorAll('article details').forEach(fold => { fold.open = true; })"
    )
    blocks = tab.page.evaluate(_COPY_ALL, f"article div.highlight {COPY}")
    assert len(blocks) >= 10
    for copied, shown in blocks:
        assert copied is not None, f"the copy button copied nothing: {shown[:80]!r}"
        assert copied.strip() and copied == shown.rstrip()
        assert not re.search(r"^(>>>|\.\.\. |\$ )", copied, re.MULTILINE), copied
        assert not re.search(r"# \(\d+\)!?\s*$", copied, re.MULTILINE), (
            "annotation marker in copied code"
        )
        assert not re.match(r"\s*1\s*\n\s*2\s*\n", copied), "line numbers in copied code"


def test_scheme_toggle_switches_light_and_dark_and_is_remembered(tab):
    tab.open("retention/")
    body = tab.page.locator("body")
    assert body.get_attribute("data-md-color-scheme") == "default"
    light_bg = tab.page.evaluate("getComputedStyle(document.body).backgroundColor")
    tab.page.locator("form[data-md-component=palette] label:visible").first.click()
    assert body.get_attribute("data-md-color-scheme") == "slate"
    dark_bg = tab.page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert light_bg != dark_bg
    # The choice holds on the other language's pages too (extra.scope).
    tab.open("en/glossary/")
    assert tab.page.locator("body").get_attribute("data-md-color-scheme") == "slate"


@pytest.mark.parametrize("language", IN_SURVEY)
def test_phone_width_has_no_horizontal_scrolling(page_survey, language):
    """Every page at 360 px as it opens, folds closed, and with every fold open (tests/survey.py)."""
    pages = page_survey(language)["pages"]
    assert {"", "retention/", "glossary/", "claims/"} <= set(pages), sorted(pages)
    for path, seen in pages.items():
        for state in ("", "_open"):
            overflow = seen["overflow_360" + state]
            assert overflow <= 0, (
                f"{language} {path or 'home'}{' (folds open)' if state else ''}: the page is "
                f"{overflow}px wider than a {PHONE['width']}px phone"
            )


# The words each language's tooltip for survey.HOVERED (a glossary term on survey.READ_ON) shows.
DEFINITION = {"zh": "leaf tensor", "en": "grad_fn is None"}


@pytest.mark.parametrize("language", IN_SURVEY)
def test_glossary_term_shows_its_definition_on_hover(page_survey, language):
    """The term hovered on survey.READ_ON at 1280 px (tests/survey.py, `_read`)."""
    seen = page_survey(language)["pages"][survey.READ_ON]["read"]
    assert DEFINITION[language] in seen["tooltip"], (survey.HOVERED[language], seen["tooltip"])


# Every page's requests are local and succeed: tests/test_pictures_browser.py, in the same visit
# that checks the pictures.


@pytest.mark.parametrize(
    ("path", "heading", "home"),
    [("nowhere/", "页面不存在", "/"), ("en/nowhere/", "Page not found", "/en/")],
)
def test_missing_page_gets_a_404_in_its_language(tab, path, heading, home):
    response = tab.open(path)
    assert response.status == 404
    shown = tab.page.locator(".gs-not-found:visible")
    assert shown.count() == 1
    assert heading in shown.inner_text()
    assert shown.locator("a").first.evaluate("a => a.pathname") == home
    tab.failed.clear()  # the 404 itself was the point


@pytest.mark.parametrize("language", IN_SURVEY)
def test_edit_link_and_last_update_date(page_survey, language):
    """Read on survey.READ_ON (tests/survey.py, `_read`)."""
    seen = page_survey(language)["pages"][survey.READ_ON]["read"]
    page = survey.READ_ON
    assert seen["edit"].endswith(f"/edit/main/docs/{page}index.{language}.md"), seen["edit"]
    assert re.search(r"\d{4}", seen["date"]), seen["date"]


# The proof folded under a recipe (pymdownx.details) is closed; a link into it, or an
# address pointing into it, opens it: Material's details component does that (it opens
# a closed <details> around the location's target and scrolls to it), no script of ours.
_FOLD = """(id) => { const target = document.getElementById(id); const fold = target.closest("details");
  const box = target.getBoundingClientRect();
  return {open: fold.open, shown: box.height > 0 && box.top >= 0 && box.top < innerHeight}; }"""


@pytest.mark.parametrize("language", ["", "en/"])
def test_a_link_into_a_folded_proof_opens_it(tab, language):
    tab.open(language + "accumulation/")
    folds = tab.page.locator("article details")
    assert folds.count() >= 3 and not any(folds.evaluate_all("els => els.map(e => e.open)")), (
        "folds start closed"
    )
    assert tab.page.evaluate(_FOLD, "canonical-loop-proof") == {"open": False, "shown": False}
    tab.page.locator('article a[href="#canonical-loop-proof"]').click()
    tab.page.wait_for_function(
        "document.getElementById('canonical-loop-proof').closest('details').open"
    )
    assert tab.page.evaluate(_FOLD, "canonical-loop-proof") == {"open": True, "shown": True}
    # An address that points into a fold, as a link from another page does.
    tab.open(language + "detach/#averaged-model-proof")
    tab.page.wait_for_function(
        "document.getElementById('averaged-model-proof').closest('details').open"
    )
    assert tab.page.evaluate(_FOLD, "averaged-model-proof") == {"open": True, "shown": True}
    assert tab.page.evaluate(_FOLD, "logging-and-numpy-proof")["open"] is False, (
        "only the fold pointed into"
    )


# Claim marks (gradsite/claims.py): on every chapter page, the first asserted one, tapped on a
# phone and hovered on a desktop in the survey's visit (tests/survey.py, `_proof`).
@pytest.mark.parametrize("language", IN_SURVEY)
def test_a_claim_mark_shows_the_assert_that_proves_it(page_survey, language):
    """On every chapter page, tap (phone) and hover (desktop) a mark: the assert line(s), the
    example, and a link to the claim's row on the claims page, inside the screen, without
    leaving the page; the link, followed, lands on that row."""
    found = page_survey(language)
    for chapter in CHAPTERS:
        path = f"{url_prefix(language)}{chapter}/"
        for kind in ("proof_phone", "proof_desktop"):
            proof = found["pages"][f"{chapter}/"][kind]
            assert proof["mark"], f"{path}: no asserted claim mark"
            assert proof["code"].startswith("assert "), (path, kind, proof["code"])
            assert "snippets/" in proof["text"], (path, kind)
            box, width = proof["box"], proof["width"]
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (path, kind, box, width)
            assert _path(proof["url"]) == f"/{path}", "showing the proof must not leave the page"
            assert proof["links"] == 1, (path, kind, "a link to the claim's row")
        assert found["pages"][f"{chapter}/"]["proof_phone"]["width"] == PHONE["width"]
    row = found["claims_row"]
    assert _path(row["url"]) == f"/{url_prefix(language)}claims/", row
    assert row["rows"] == 1 and "assert " in row["text"], row
