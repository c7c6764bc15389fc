"""The home page answers: each question links the section whose example proves it.

Read from the session's build: every answer's link, in both languages, names a
heading of the page it points to (the strict build already fails on an anchor that
does not exist; this checks that it is a section, not any element with an id).
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

import pytest
from gradsite.project import LANGUAGES, url_prefix

ANSWER_LINKS = re.compile(r"<dd>.*?</dd>", re.S)


def _answer_links(site, prefix: str) -> tuple[int, list[str]]:
    """(number of questions, the answers' links as site paths with their fragment)."""
    home = site.page(prefix.rstrip("/"))
    article = home[home.index("<article") : home.index("</article>")]
    links = [
        urljoin("/" + prefix, href)
        for dd in ANSWER_LINKS.findall(article)
        for href in re.findall(r'<a [^>]*href="([^"]+)"', dd)
    ]
    return article.count("<dt"), links


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_answer_links_a_section_that_exists(site, language):
    questions, links = _answer_links(site, url_prefix(language))
    assert questions >= 8 and len(links) >= questions, (questions, links)
    for link in links:
        url = urlsplit(link)
        assert url.fragment, f"{link}: an answer links a section, not a whole page"
        page = site.page(url.path.strip("/"))
        article = page[page.index("<article") : page.index("</article>")]
        assert re.search(rf'<h[1-6][^>]* id="{re.escape(url.fragment)}"', article), (
            f"{link}: no section #{url.fragment}"
        )


def test_both_languages_ask_the_same_questions_with_the_same_links(site):
    sections = {
        language: [
            urlsplit(link).path.removeprefix("/en") + "#" + urlsplit(link).fragment
            for link in _answer_links(site, prefix)[1]
        ]
        for language, prefix in ((lang, url_prefix(lang)) for lang in LANGUAGES)
    }
    assert sections["zh"] == sections["en"]
