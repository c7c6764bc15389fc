"""Search finds what readers type, code included: tests/search_queries.toml, in Chromium.

Each query is typed into Material's search on a page of its language. It lands
when the first result is the expected page; the report also counts, per set of
queries (phrases, code, pasted errors, whole questions, Chinese without spaces),
how many land on the expected section (the first section link of that page).
Every result must be a page of the language searched: the other language's pages
never show. docs/assets/search-query.js rewrites each query first (Chinese cut
into the index's words, stop words out, the glossary's terms in both languages);
without it, whole questions and Chinese typed without spaces miss
(`test_without_the_query_rewrite_questions_miss`).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from gradsite.project import LANGUAGES, url_prefix

from browser import search

QUERIES = tomllib.loads((Path(__file__).parent / "search_queries.toml").read_text(encoding="utf-8"))
SETS = [(language, name) for language in LANGUAGES for name in QUERIES[language]]
QUERY_REWRITE = "**/assets/search-query.js"


def test_query_list_is_long_enough_and_points_at_real_sections(site):
    for language, sets in QUERIES.items():
        assert {"reader", "code", "errors", "questions"} <= set(sets), language
        assert len(sets["questions"]) >= 25, f"{language}: only {len(sets['questions'])} questions"
        for name, queries in sets.items():
            for query, target, *_ in queries:
                page, _, anchor = target.partition("#")
                html = site.page(url_prefix(language) + page)
                assert f'id="{anchor}"' in html, (
                    f"{language} {name} {query!r}: no section #{anchor} on /{url_prefix(language)}{page}"
                )
    assert len(QUERIES["zh"]["nospace"]) >= 25


def _land(tab, language: str, queries) -> tuple[int, int, list, list, list]:
    """Type each query; (pages, sections, misses, known misses, known misses now landing)."""
    prefix = url_prefix(language)
    pages = sections = 0
    misses, known, now_landing = [], [], []
    for query, target, *known_miss in queries:
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
    return pages, sections, misses, known, now_landing


@pytest.mark.parametrize(("language", "name"), SETS, ids=[f"{lang}-{name}" for lang, name in SETS])
def test_search_queries_land_on_the_right_page_first(tab, record_property, language, name):
    tab.open(url_prefix(language) + "retention/")
    queries = QUERIES[language][name]
    pages, sections, misses, known, now_landing = _land(tab, language, queries)
    total = len(queries)
    record_property(  # the count is the point: in pytest's report whether the test passes or not (conftest.py)
        "summary",
        f"search ({language}, {name}): {pages}/{total} queries land on the right page first, "
        f"{sections}/{total} on the right section; known misses: {known or 'none'}",
    )
    assert not misses, "\n".join(misses)
    assert not now_landing, f"known misses that now land (drop their mark): {now_landing}"


# Queries that land only because docs/assets/search-query.js rewrites them.
REWRITTEN = {
    "zh": [
        ["detach和clone的区别", "detach/#clone-and-detach"],
        ["中间变量的梯度怎么保留", "retention/#retain-grad"],
        ["非叶子节点的梯度为什么是None", "retention/#non-leaf-grad"],
        ["用hook修改梯度", "retention/#hooks"],
    ],
    "en": [
        ["how do I freeze the backbone and train only the head", "detach/#freeze"],
        ["where should I call scaler.update with gradient accumulation", "accumulation/#amp"],
        ["is it safe to use .data to update the weights", "detach/#data-vs-detach"],
        ["how do I change a gradient during the backward pass", "retention/#hooks"],
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_without_the_query_rewrite_questions_miss(tab, language):
    """The check above can fail: without docs/assets/search-query.js these questions, which
    land with it (they are in tests/search_queries.toml), miss."""
    landing = QUERIES[language]["questions"] + QUERIES[language].get("nospace", [])
    assert all([q, target] in landing for q, target in REWRITTEN[language])  # no known misses
    tab.page.route(
        QUERY_REWRITE, lambda route: route.fulfill(body="", content_type="text/javascript")
    )
    tab.open(url_prefix(language) + "retention/")
    pages, *_ = _land(tab, language, REWRITTEN[language])
    assert pages <= 1, f"{language}: {pages}/{len(REWRITTEN[language])} land without the rewrite"


def test_each_index_has_the_other_languages_titles_and_the_glossary(site):
    """gradsite/searchwords.py: a zh entry carries its English twin's title, and the glossary's
    forms in either language map to the term of the index's language."""
    zh = json.loads((site.site / "search" / "search_index.json").read_text(encoding="utf-8"))
    en = json.loads((site.site / "en" / "search" / "search_index.json").read_text(encoding="utf-8"))
    twins = {d["location"]: d.get("twin") for d in zh["docs"]}
    assert twins["troubleshooting/#loss-flat-with-accumulation"].startswith("The loss stops")
    assert "twin" in zh["config"]["fields"] and "twin" in en["config"]["fields"]
    assert zh["config"]["glossary"]["micro-batch"] == "微批次"
    assert zh["config"]["glossary"]["leaf node"] == "叶子节点"  # an English variant
    assert en["config"]["glossary"]["叶子节点"] == "leaf tensor"
    assert en["config"]["glossary"]["反传"] == "backpropagation"  # a Chinese variant


# A topic the site does not cover, in each language, and a query it does cover.
MISSES = {
    "zh": ("怎么用tensorboard", "tensorboard"),
    "en": ("how do I use TensorBoard", "TensorBoard"),
}
COVERED = {"zh": "梯度清零", "en": "zero gradients"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_query_the_site_has_no_word_of_says_so_and_points_to_errors_and_troubleshooting(
    tab, language
):
    """docs/assets/search-miss.js: a plain note in the page's language, with links to the
    error index and troubleshooting of that language; none for a query the site covers."""
    prefix = url_prefix(language)
    tab.open(prefix + "detach/")
    note = tab.page.locator(".gs-search-miss")
    assert search(tab, COVERED[language])
    assert not note.count() or not note.is_visible()
    query, word = MISSES[language]
    assert not search(tab, query), f"{language} {query!r}: results for a topic the site lacks"
    note.wait_for(state="visible")
    text = note.inner_text()
    assert word.lower() in text.lower() and ("本站" in text) == (language == "zh"), text
    hrefs = note.locator("a").evaluate_all("links => links.map(a => new URL(a.href).pathname)")
    assert hrefs == [f"/{prefix}errors/", f"/{prefix}troubleshooting/"], hrefs
    search(tab, COVERED[language])
    assert not note.is_visible(), "the note stays after a query that finds something"


def test_the_suggestion_is_not_drawn_under_a_query_wider_than_the_box(tab):
    """docs/assets/search-suggest.js: Material draws the faded suggestion under the query; a
    pasted message scrolls inside the box, the suggestion would not."""
    tab.open("en/retention/")
    suggest = tab.page.locator(".md-search__suggest")
    assert search(tab, "retain")
    tab.page.wait_for_function(
        "document.querySelector('.md-search__suggest').textContent.length > 0"
    )
    assert suggest.evaluate("el => getComputedStyle(el).visibility") == "visible"
    assert search(tab, PASTED[1][0])
    box = tab.page.locator("input.md-search__input")
    assert box.evaluate("el => el.scrollWidth > el.clientWidth"), (
        "the query fits: no overlap to test"
    )
    assert suggest.evaluate("el => getComputedStyle(el).visibility") == "hidden"


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
