"""Search finds what readers type, code included: tests/search_queries.toml, in Chromium.

Each query is typed into Material's search on a page of its language. It lands
when the first result is the expected page; the report also counts how many
land on the expected section (the first section link of that page). Every result
must be a page of the language searched: the other language's pages never show.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from gradsite.project import LANGUAGES, url_prefix

from browser import search

QUERIES = tomllib.loads((Path(__file__).parent / "search_queries.toml").read_text(encoding="utf-8"))


def test_query_list_is_long_enough_and_points_at_real_sections(site):
    for language, queries in QUERIES.items():
        assert len(queries) >= 25, f"{language}: only {len(queries)} queries"
        for query, target, *_ in queries:
            page, _, anchor = target.partition("#")
            html = site.page(url_prefix(language) + page)
            assert f'id="{anchor}"' in html, (
                f"{language} {query!r}: no section #{anchor} on /{url_prefix(language)}{page}"
            )


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_queries_land_on_the_right_page_first(tab, record_property, language):
    prefix = url_prefix(language)
    tab.open(prefix + "retention/")
    pages = sections = 0
    misses, known, now_landing = [], [], []
    for query, target, *known_miss in QUERIES[language]:
        results = search(tab, query)
        other = [
            r
            for r in results
            if not r.startswith(f"/{prefix}") or (language == "zh" and r.startswith("/en/"))
        ]
        assert not other, f"{language} {query!r}: results from the other language: {other}"
        page = f"/{prefix}{target.partition('#')[0]}"
        landed = bool(results) and results[0] == page
        first_section = next((r for r in results if r.startswith(page + "#")), None)
        pages += landed
        sections += landed and first_section == f"/{prefix}{target}"
        if known_miss:
            (now_landing if landed else known).append(
                f"{query!r} -> {results[:2]} ({known_miss[0]})"
            )
        elif not landed:
            misses.append(f"{query!r}: expected {page}, got {results[:3]}")
    total = len(QUERIES[language])
    record_property(  # the count is the point: in pytest's report whether the test passes or not (conftest.py)
        "summary",
        f"search ({language}): {pages}/{total} queries land on the right page first, "
        f"{sections}/{total} on the right section; known misses: {known or 'none'}",
    )
    assert not misses, "\n".join(misses)
    assert not now_landing, f"known misses that now land (drop their mark): {now_landing}"


def test_glossary_terms_are_single_words_in_the_chinese_index(site):
    """gradsite/searchwords.py: jieba keeps a glossary term whole (U+200B separates words)."""
    index = (site.site / "search" / "search_index.json").read_text(encoding="utf-8")
    for term in ("反向传播", "叶子节点", "版本计数器", "梯度累加"):
        assert f"\\u200b{term}\\u200b" in index or f"\u200b{term}\u200b" in index, term
    assert "反向\u200b传播" not in index and "反向\\u200b传播" not in index


# Error messages readers paste into the search, as PyTorch prints them (English on
# both languages' pages), with the page the test starts from.
PASTED = [
    ("Trying to backward through the graph a second time", "retention/"),
    (
        "one of the variables needed for gradient computation has been modified by an inplace operation",
        "detach/",
    ),
    ("Can't call numpy() on Tensor that requires grad", "detach/"),
]
MARKS = "article mark[data-md-highlight]"
# A mark is a whole word: no letter or digit right before or after it.
_FRAGMENTS = """() => [...document.querySelectorAll('article mark[data-md-highlight]')].filter(m => {
    const before = m.previousSibling ? m.previousSibling.textContent.slice(-1) : '';
    const after = m.nextSibling ? m.nextSibling.textContent.slice(0, 1) : '';
    return /\\w/.test(before) || /\\w/.test(after) || m.textContent.length < 3;
}).map(m => (m.previousSibling ? m.previousSibling.textContent.slice(-8) : '') + '[' + m.textContent + ']')"""


def _open_first_result(tab, language: str, query: str, start: str) -> str:
    tab.open(url_prefix(language) + start)
    assert search(tab, query), f"{language} {query!r}: no result"
    with tab.page.expect_navigation(wait_until="load"):
        # The first section result: a pasted message's entry (the page result above it is
        # marked with the words of the page's top section only).
        tab.page.locator(
            ".md-search-result__item > .md-search-result__link[href*='#']"
        ).first.click()
    tab.page.wait_for_load_state("networkidle")
    return tab.page.url


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pasted_error_message_marks_few_whole_words(tab, record_property, language):
    """docs/assets/highlight.js: after pasting an error message and opening the first
    result, at most 60 marks, none a stop word or a fragment of a word."""
    counts = []
    for query, start in PASTED:
        url = _open_first_result(tab, language, query, start)
        assert "?h=" not in url, f"the searched words stay in the address: {url}"
        marks = tab.page.locator(MARKS).all_inner_texts()
        counts.append(f"{query[:30]!r}: {len(marks)} on {url.removeprefix(tab.base)}")
        assert len(marks) <= 60, f"{language} {query!r}: {len(marks)} marks on {url}"
        stop = {"a", "an", "the", "to", "for", "of", "by", "on", "has", "been", "can", "t"}
        assert not stop & {m.lower() for m in marks}, (
            f"{language} {query!r}: stop words marked: {sorted(set(marks))}"
        )
        assert not tab.page.evaluate(_FRAGMENTS), f"{language} {query!r}: fragments marked"
        if language == "en" and query.startswith("Trying"):
            assert "backward" in {m.lower() for m in marks}, (
                f"the searched word is not marked: {sorted(set(marks))}"
            )
    record_property("summary", f"search marks ({language}): " + "; ".join(counts))


def test_the_mark_count_check_can_fail(tab):
    """Without docs/assets/highlight.js, Material marks every "a" and "to": the same
    search gives far more than 60 marks, and fragments inside words."""
    tab.page.route(
        "**/assets/highlight.js",
        lambda route: route.fulfill(body="", content_type="text/javascript"),
    )
    _open_first_result(tab, "en", PASTED[0][0], PASTED[0][1])
    tab.page.wait_for_function(f"document.querySelectorAll({MARKS!r}).length > 60", timeout=15000)
    assert tab.page.evaluate(_FRAGMENTS)
