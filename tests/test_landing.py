"""The home page answers: each question links the section whose example proves it.

In Chromium: every answer's link, in both languages, lands on a heading that exists.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

PREFIX = {"zh": "", "en": "en/"}


def _answer_links(tab, prefix: str) -> list[str]:
    tab.open(prefix)
    return tab.page.locator("article dl dd a").evaluate_all("els => els.map(e => e.href)")


@pytest.mark.parametrize("language", PREFIX)
def test_every_answer_links_a_section_that_exists(tab, language):
    links = _answer_links(tab, PREFIX[language])
    questions = tab.page.locator("article dl dt").count()
    assert questions >= 8 and len(links) >= questions, (questions, links)
    for href in links:
        url = urlsplit(href)
        assert url.fragment, f"{href}: an answer links a section, not a whole page"
        tab.page.goto(href, wait_until="load")
        heading = tab.page.locator(f"article [id='{url.fragment}']")
        assert heading.count() == 1, f"{href}: no section #{url.fragment}"
        assert heading.evaluate("e => /^H[1-6]$/.test(e.tagName)"), href
        assert heading.is_visible()


def test_both_languages_ask_the_same_questions_with_the_same_links(tab):
    sections = {
        language: [urlsplit(h).path.removeprefix("/en") + "#" + urlsplit(h).fragment for h in _answer_links(tab, prefix)]
        for language, prefix in PREFIX.items()
    }
    assert sections["zh"] == sections["en"]
