"""Search finds what readers type, code included: tests/search_queries.toml, in Chromium.

Each query goes into Material's search on a page of its language, as typed: the value
of the search box, then a key event (Material searches on keyup), and docs/assets/
search-query.js rewrites it on its way to Material's worker (Chinese cut into the
index's words, stop words out, the glossary's terms in both languages). It lands when
the first result is the expected page (a query whose expectation lists two sections
lands on either's page: the site has two good answers). For each set of queries the
report gives the share that lands on the right page first, and the share whose first
section of that page is the expected one; every set must land at least 95% of its
queries, known misses counted as misses, and code and pasted errors all of theirs.
Every result must be a page of the language searched. tests/search_unseen.toml holds
questions, phrases and code written after the ranking was tuned, never tuned on: their rate is
reported, to show what a new reader's query gets (tests/search_measured.toml, the batches held
out before a change was measured on them, only in `make search-report`).

Speed: one page per language for the whole module (the search worker loads its index
once per page), and all the queries of a set typed in one `page.evaluate` that waits
for each answer in the page (`RUN`): no fixed sleeps.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path

import material
import pytest
from gradsite.project import LANGUAGES, ROOT, url_prefix

from browser import DESKTOP, PHONE

QUERIES = tomllib.loads((Path(__file__).parent / "search_queries.toml").read_text(encoding="utf-8"))
SETS = [(language, name) for language in LANGUAGES for name in QUERIES[language]]
RATE = 0.95  # the share of a set's queries that must land on the right page first
ALL = {"code", "errors"}  # sets that must land every query


def _targets(target) -> list[str]:
    return target if isinstance(target, list) else [target]


# Types each query into Material's search box and returns, per query, the result links
# (path#fragment) as Material rendered them and the miss note's state. Material reads the
# box on keyup (components/search/query) and rewrites the result list and the line above
# it (`.md-search-result__meta`) on each answer of its worker: the line's mutation is the
# answer. A query equal to the box's value would send nothing: the box is cleared first.
RUN = """async ([queries, open]) => {
  const box = document.querySelector("input.md-search__input");
  const meta = document.querySelector(".md-search-result__meta");
  const list = document.querySelector(".md-search-result__list");
  const suggest = document.querySelector(".md-search__suggest");
  if (open) box.focus(); else box.blur();
  const type = (value) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => { watch.disconnect(); reject(new Error(`no answer to ${value}`)); }, 15000);
    const watch = new MutationObserver(() => { clearTimeout(timer); watch.disconnect(); resolve(); });
    watch.observe(meta, { childList: true, characterData: true, subtree: true });
    box.value = value;
    box.dispatchEvent(new KeyboardEvent("keyup", { key: "End", bubbles: true }));
  });
  const out = [];
  for (const query of queries) {
    if (box.value === query) await type("");
    await type(query);
    await new Promise(requestAnimationFrame);
    const links = [...list.querySelectorAll(".md-search-result__item > .md-search-result__link")]
      .map(a => { const url = new URL(a.href); return url.pathname + url.hash; });
    const note = document.querySelector(".gs-search-miss");
    out.push({
      query, links,
      miss: !!note && !note.hidden,
      note: note && !note.hidden ? note.innerText : "",
      noteLinks: note ? [...note.querySelectorAll("a")].map(a => new URL(a.href).pathname) : [],
      suggest: suggest.textContent,
      suggestShown: getComputedStyle(suggest).visibility === "visible",
      overflows: box.scrollWidth > box.clientWidth,
    });
  }
  return out;
}"""


@pytest.fixture(scope="module")
def pages(chromium, served):
    """A Chromium page per language, on that language's home page (the search is the same
    on every page; this one is the smallest), for the module; requests to any other host
    are aborted."""
    context = chromium.new_context(viewport=DESKTOP, locale="zh-CN", service_workers="block")
    context.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(served.url)
            else route.abort("blockedbyclient")
        ),
    )
    opened = {}

    def page(language: str):
        if language not in opened:
            opened[language] = context.new_page()
            opened[language].goto(served.url + url_prefix(language), wait_until="load")
        # The page in front: Chromium throttles the animation frames of one behind another
        # (`RUN` waits for one per query), and the queries took a second each (51 s, not 1).
        opened[language].bring_to_front()
        return opened[language]

    yield page
    context.close()


def run(page, queries: list[str], open: bool = False) -> list[dict]:
    """The queries' results. Material renders them whether the search dialog is open or
    not; closed, they are not laid out, which costs most of the time (`open` for what
    only an open dialog shows: the suggestion)."""
    return page.evaluate(RUN, [queries, open])


def _assert_sections_exist(site, language: str, what: str, target) -> None:
    for one in _targets(target):
        page, _, anchor = one.partition("#")
        html = site.page(url_prefix(language) + page)
        assert f'id="{anchor}"' in html, (
            f"{language} {what}: no section #{anchor} on /{url_prefix(language)}{page}"
        )


def test_query_list_is_long_enough_and_points_at_real_sections(site):
    for language, sets in QUERIES.items():
        assert {"reader", "code", "errors", "questions"} <= set(sets), language
        assert len(sets["questions"]) >= 40, f"{language}: only {len(sets['questions'])} questions"
        for name, queries in sets.items():
            for query, target, *known in queries:
                assert not known or len(known) == 1 and len(known[0]) > 20, (
                    f"{language} {query!r}: a known miss says why in one string"
                )
                _assert_sections_exist(site, language, f"{name} {query!r}", target)
    nospace = [query for query, *_ in QUERIES["zh"]["nospace"]]
    assert len(nospace) >= 30
    assert not [
        query for query in nospace if re.search(r"[\u4e00-\u9fff]\s+[\u4e00-\u9fff]", query)
    ]


def _land(language: str, queries: list, results: list[dict]):
    """(pages, sections, misses, known misses, known misses now landing)."""
    prefix = url_prefix(language)
    pages = sections = 0
    misses, known, now_landing = [], [], []
    for (query, target, *known_miss), result in zip(queries, results, strict=True):
        links = result["links"]
        other = [
            link
            for link in links
            if not link.startswith(f"/{prefix}") or (language == "zh" and link.startswith("/en/"))
        ]
        assert not other, f"{language} {query!r}: results from the other language: {other}"
        wanted = [f"/{prefix}{one}" for one in _targets(target)]
        top = links[0] if links else None
        landed = top in {one.partition("#")[0] for one in wanted}
        section = next((link for link in links if top and link.startswith(top + "#")), None)
        pages += landed
        sections += landed and section in wanted
        got = f"{query!r}: got {section or top} (want {' or '.join(wanted)})"
        if known_miss:
            (now_landing if landed else known).append(f"{got}; known: {known_miss[0]}")
        elif not landed:
            misses.append(got)
    return pages, sections, misses, known, now_landing


@pytest.mark.parametrize(("language", "name"), SETS, ids=[f"{lang}-{name}" for lang, name in SETS])
def test_search_queries_land_on_the_right_page_first(pages, record_property, language, name):
    queries = QUERIES[language][name]
    results = run(pages(language), [query for query, *_ in queries])
    landed, sections, misses, known, now_landing = _land(language, queries, results)
    total = len(queries)
    # In pytest's report whether the test passes or not (conftest.py, "figures").
    record_property(
        "summary",
        f"search ({language}, {name}): top-1 page right {landed}/{total} ({landed / total:.0%}), "
        f"top-1 section right {sections}/{total} ({sections / total:.0%})"
        + "".join(f"\n    miss: {line}" for line in misses + known),
    )
    assert not now_landing, f"known misses that now land (drop their mark): {now_landing}"
    need = total if name in ALL else RATE * total
    assert landed >= need, (
        f"{language} {name}: {landed}/{total} on the right page first, below {need:.1f}:\n"
        + "\n".join(misses + known)
    )
    assert not misses, "misses not marked as known (with the reason):\n" + "\n".join(misses)


def _held_out(name: str) -> dict:
    return tomllib.loads((Path(__file__).parent / name).read_text(encoding="utf-8"))


UNSEEN = _held_out("search_unseen.toml")  # no change of the ranking was chosen on these
MEASURED = _held_out("search_measured.toml")  # held out once, since used to measure a change
UNSEEN_SETS = [(language, name) for language in LANGUAGES for name in UNSEEN[language]]
MEASURED_SETS = [(language, name) for language in LANGUAGES for name in MEASURED[language]]
# `make search-report` types the measured batches too (1,196 queries, about fifty seconds of a worker).
REPORT = "GRADSITE_SEARCH_REPORT"


def _report_held_out(page, record_property, language, name, queries, which):
    """Type the queries and report their top-1 page and section; fail only below half (a broken
    rewrite or index, not a ranking to tune)."""
    assert len(queries) >= 6 and not any(len(q) > 2 for q in queries)
    results = run(page, [query for query, *_ in queries])
    landed, sections, misses, *_ = _land(language, queries, results)
    total, shown = len(queries), _in_first_pages(language, queries, results, 3)
    assert landed <= shown <= total
    record_property(
        "summary",
        f"search, {which} ({language}, {name}): top-1 page right {landed}/{total} "
        f"({landed / total:.0%}), top-1 section right {sections}/{total} ({sections / total:.0%}), "
        f"right page among the first three {shown}/{total} ({shown / total:.0%})"
        + "".join(f"\n    miss: {line}" for line in misses),
    )
    assert landed >= total / 2, "\n".join(misses)


def _in_first_pages(language: str, queries: list, results: list[dict], first: int) -> int:
    """How many queries have their page among the first `first` pages of the result list: with
    each result three lines long, the first three start on a phone's first screen
    (test_a_phone_shows_three_results_each_in_a_few_lines)."""
    prefix, count = url_prefix(language), 0
    for (_, target, *_), result in zip(queries, results, strict=True):
        pages = list(dict.fromkeys(link.partition("#")[0] for link in result["links"]))
        count += bool(
            {f"/{prefix}{one.partition('#')[0]}" for one in _targets(target)} & set(pages[:first])
        )
    return count


@pytest.mark.parametrize(
    ("language", "name"), UNSEEN_SETS, ids=[f"{lang}-{name}" for lang, name in UNSEEN_SETS]
)
def test_questions_the_search_was_not_tuned_on(pages, record_property, language, name):
    """tests/search_unseen.toml: what a new reader's question gets."""
    queries = UNSEEN[language][name]
    _report_held_out(pages(language), record_property, language, name, queries, "not tuned on")


@pytest.mark.skipif(
    not os.environ.get(REPORT), reason=f"make search-report ({REPORT}=1) types the measured batches"
)
@pytest.mark.parametrize(
    ("language", "name"), MEASURED_SETS, ids=[f"{lang}-{name}" for lang, name in MEASURED_SETS]
)
def test_questions_held_out_before_a_change(pages, record_property, language, name):
    """tests/search_measured.toml: the batches held out before a change was measured or chosen on
    them; the figure the ranking's history is told in (its header)."""
    queries = MEASURED[language][name]
    _report_held_out(pages(language), record_property, language, name, queries, "measured before")


def test_held_out_queries_point_at_real_sections(site):
    """A held-out query whose section does not exist would count as a miss, not fail."""
    for held_out in (UNSEEN, MEASURED):
        assert sorted(held_out) == sorted(LANGUAGES)
        for language, sets in held_out.items():
            asked = {"questions", "nospace"} if language == "zh" else {"questions"}
            assert asked <= set(sets) <= asked | {"reader", "code"}  # short phrases and code too
            for name, queries in sets.items():
                for query, target in queries:
                    _assert_sections_exist(site, language, f"{name} {query!r}", target)


# Queries that land only because docs/assets/search-query.js rewrites them.
REWRITTEN = {
    "zh": [
        ["detach和clone的区别", "detach/#clone-and-detach"],
        ["中间变量的梯度怎么保留", "retention/#retain-grad"],
        ["非叶子节点的梯度为什么是None", "retention/#non-leaf-grad"],
        ["用hook修改梯度", "retention/#hooks"],
    ],
    "en": [
        ["why do I need to call zero_grad every iteration", "zeroing/#why-zero"],
        [
            "what happens if I call zero_grad on every micro-batch",
            "zeroing/#zero-grad-every-micro-batch",
        ],
        ["is it safe to use .data to update the weights", "detach/#data-vs-detach"],
        ["how do I change a gradient during the backward pass", "retention/#hooks"],
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_without_the_query_rewrite_questions_miss(pages, language):
    """The check above can fail: without docs/assets/search-query.js these questions, which
    land with it (they are in tests/search_queries.toml), miss."""
    landing = QUERIES[language]["questions"] + QUERIES[language].get("nospace", [])
    assert all([q, target] in landing for q, target in REWRITTEN[language])  # no known misses
    queries, page = REWRITTEN[language], pages(language)
    page.evaluate("gsSearch.rewrite = false")  # docs/assets/search-query.js: queries as typed
    try:
        results = run(page, [query for query, _ in queries])
    finally:
        page.evaluate("gsSearch.rewrite = true")
    landed, *_ = _land(language, queries, results)
    assert landed <= 1, f"{language}: {landed}/{len(queries)} land without the rewrite"


# --- Material's side of the rewrite ------------------------------------------------------------

MATERIAL_JS = Path(material.__file__).parent / "templates" / "assets" / "javascripts"


def _material_source(name: str) -> str:
    """A TypeScript file of the installed Material, from its bundles' source maps."""
    for found in sorted(MATERIAL_JS.rglob("*.min.js.map")):
        data = json.loads(found.read_text(encoding="utf-8"))
        for source, text in zip(data["sources"], data.get("sourcesContent") or [], strict=False):
            if source.endswith(name):
                return text
    raise AssertionError(f"Material no longer has {name}: see docs/assets/search-query.js")


def test_the_rewrite_speaks_material_s_worker_protocol():
    """docs/assets/search-query.js knows Material's search messages by number and shape: the
    installed Material must still number them so and send the index and each query so. If
    this fails, Material changed: read the files named here and the comment at the top of
    search-query.js, and change both."""
    rewrite = (ROOT / "docs/assets/search-query.js").read_text(encoding="utf-8")
    numbers = dict(re.findall(r"\b(SETUP|QUERY) = (\d+)", rewrite))
    message = _material_source("integrations/search/worker/message/index.ts")
    enum = re.search(r"enum SearchMessageType \{(.*?)\}", message, re.S)[1]
    names = re.findall(r"^\s*([A-Z]+),?", enum, re.M)
    assert names == ["SETUP", "READY", "QUERY", "RESULT"], f"SearchMessageType is now {names}"
    assert {name: str(names.index(name)) for name in numbers} == numbers, (
        f"search-query.js has {numbers}; Material numbers {names}"
    )
    # The index, once: {type: SETUP, data: {config, docs, ...}}.
    setup = _material_source("integrations/search/worker/_/index.ts")
    assert re.search(r"type: SearchMessageType\.SETUP,\s*data: \{\s*config,\s*docs,", setup), setup
    # Each query: {type: QUERY, data: <the box's value>}.
    query = _material_source("components/search/query/index.ts")
    assert re.search(r"type: SearchMessageType\.QUERY,\s*data: value\b", query), query
    # The worker searches the string it is sent.
    worker = _material_source("integrations/search/worker/main/index.ts")
    assert re.search(r"case SearchMessageType\.QUERY:\s*const query = message\.data", worker), (
        worker
    )
    assert "index.search(query)" in worker


def test_each_index_has_the_other_languages_titles_and_the_glossary(site):
    """gradsite/searchwords.py: a zh entry carries its English twin's title, and the glossary's
    forms in either language map to the term of the index's language; the folded checks
    are not indexed."""
    zh = json.loads((site.site / "search" / "search_index.json").read_text(encoding="utf-8"))
    en = json.loads((site.site / "en" / "search" / "search_index.json").read_text(encoding="utf-8"))
    twins = {d["location"]: d.get("twin") for d in zh["docs"]}
    assert twins["troubleshooting/#loss-flat-with-accumulation"].startswith("The loss stops")
    assert "twin" in zh["config"]["fields"] and "twin" in en["config"]["fields"]
    assert zh["config"]["glossary"]["micro-batch"] == "微批次"
    assert zh["config"]["glossary"]["leaf node"] == "叶子节点"  # an English variant
    assert zh["config"]["glossary"]["梯度累积"] == "梯度累加"  # a Chinese variant, on zh pages
    assert zh["config"]["glossary"]["loss"] == "损失"  # a word zh readers type
    assert zh["config"]["glossary"]["多卡"] == "分布式"  # several GPUs: distributed training
    assert en["config"]["glossary"]["叶子节点"] == "leaf tensor"
    assert en["config"]["glossary"]["反传"] == "backpropagation"  # a Chinese variant
    for index in (zh, en):
        text = " ".join(doc["text"] for doc in index["docs"])
        assert "# claim:" not in text  # the checks' code
        pages = [d for d in index["docs"] if "#" not in d["location"]]
        assert all(d.get("boost", 1) < 1 for d in pages)  # a page's own entry weighs less


# --- the miss note and the suggestion ----------------------------------------------------------

# A topic the site does not cover, in each language, and a query it does cover.
MISSES = {
    "zh": ("怎么用tensorboard", "tensorboard"),
    "en": ("how do I use TensorBoard", "TensorBoard"),
}
COVERED = {"zh": "梯度清零", "en": "zero gradients"}


# How docs/assets/search-query.js reads a word, on a page of each language: {query: (words
# the rewrite must send, words it must not)}. A name typed in lowercase is the index's words
# it runs together (the index cuts RuntimeError at its capital); a number of one or two
# digits is a quantity, and a version or a worked example's number is a word.
READINGS = {
    "runtimeerror: cannot register a hook": ({"runtim", "error", "register"}, {"runtimeerror"}),
    "does syncbatchnorm fix it": ({"sync", "batch", "norm"}, {"syncbatchnorm"}),
    "runtimeerror": ({"runtim", "error"}, set()),  # alone, not a word the site lacks
    # words no page writes: a miss, not the site's words they contain (tensor, flow)
    "tensorflow keras session": (set(), {"tensor", "flow"}),
    "how do I use TensorFlow": (set(), {"tensor", "flow"}),
    "最后一组只剩2条，loss该怎么加权": ({"loss"}, {"2"}),
    "从PyTorch 1.x升级到2.x": ({"1", "2"}, set()),
    "2400是怎么算出来的": ({"2400"}, set()),
    # call and calls are stop words (every page calls something), and so are their inflections
    "why is weight.grad none after calling backward": ({"backward"}, {"call", "calling"}),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_lowercase_names_are_the_index_s_words_and_small_numbers_are_quantities(pages, language):
    page = pages(language)
    run(page, ["hook"])  # the rewrite has learned the index's words
    for query, (sent, not_sent) in READINGS.items():
        sent_now = page.evaluate("query => gsSearch.transform(query)", query)
        words = {word.partition("^")[0].rstrip("〇") for word in sent_now.split()}
        assert sent <= words and not (not_sent & words), f"{language} {query!r}: sent {words}"


# Held-out questions whose right page came second, under a page with one rare word of the
# question, before the pages were ordered by how much of the query they answer.
RANKED = {
    "zh": ("复数张量requires_grad", "retention/"),
    "en": ("adamw still moves a parameter that got no gradient this step", "zeroing/"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_are_ordered_by_how_much_of_the_query_they_answer(pages, language):
    """docs/assets/search-query.js, `rank`: a section counts its score times (1 + the share of
    the query's words it has) / 2, a page its best section, and Material's answer is reordered,
    its pages and each page's sections, before Material renders it. The synthetic answers below
    carry no query's words, so `rank` orders them by Material's scores and terms (its fallback);
    the typed query at the end goes through `score`, the site's own."""
    page = pages(language)
    run(page, ["hook"])
    ordered = page.evaluate(
        """() => gsSearch.rank([
            [{location: "one-rare-word", score: 10, terms: {a: true, b: false, c: false, d: false}}],
            [{location: "every-word", score: 8, terms: {a: true, b: true, c: true, d: true}}],
            [{location: "tie", score: 8, terms: {a: true, b: true, c: true, d: true}}],
        ]).map(group => group[0].location)"""
    )
    assert ordered == ["every-word", "tie", "one-rare-word"]
    # A page's sections in the same order: the one shown under its title is the one it ranks by.
    sections = page.evaluate(
        """() => gsSearch.rank([[
            {location: "page/", score: 1, terms: {a: true, b: false, c: false, d: false}},
            {location: "page/#one-rare-word", score: 10, terms: {a: true, b: false, c: false, d: false}},
            {location: "page/#every-word", score: 8, terms: {a: true, b: true, c: true, d: true}},
        ]])[0].map(item => item.location)"""
    )
    assert sections == ["page/#every-word", "page/#one-rare-word", "page/"]
    query, wanted = RANKED[language]
    (result,) = run(page, [query])
    assert result["links"][:1] == [f"/{url_prefix(language)}{wanted}"], result["links"][:4]


# Questions whose typed word has a large family in the index (grad: grad, grad_fn, grad_input,
# grad_output, gradient, gradients): Material's score adds one term per word of the family a
# section has, so the hooks section, full of grad_input, outranked the one titled ".grad is None".
FAMILY = {
    "zh": ["grad是None", "backward之后部分层的grad为None"],
    "en": [
        "grad is none",
        "some layers' weight.grad is None after backward",
        "the step after backward leaves .grad None for a few layers",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_word_s_family_counts_as_one_word(pages, language):
    """docs/assets/search-query.js, `score`: a query word searched as the start of its family counts
    once, at the family's rarity. These questions land on `.grad` is None with it, and with the
    answer ordered by Material's scores (gsSearch.own = false) none does."""
    page, wanted = pages(language), f"/{url_prefix(language)}troubleshooting/#grad-is-none"
    first = [result["links"][1:2] for result in run(page, FAMILY[language])]
    page.evaluate("gsSearch.own = false")
    try:
        material = [result["links"][1:2] for result in run(page, FAMILY[language])]
    finally:
        page.evaluate("gsSearch.own = true")
    assert first == [[wanted]] * len(FAMILY[language]), first
    assert [wanted] not in material, material
    # gsSearch.explain (the console's view of the ranking, CONTRIBUTING.md) agrees with it.
    best = page.evaluate("query => gsSearch.explain(query, 1)", FAMILY[language][0])
    assert [entry["location"] for entry in best] == ["troubleshooting/#grad-is-none"], best
    assert 0 < best[0]["share"] <= 1 and best[0]["score"] > 0 and best[0]["worth"] > 0, best


def test_each_answer_is_ranked_for_the_query_it_answers(pages):
    """The worker answers queries in the order they were sent, and each answer is ranked with the
    words of its own query, not those of the last query typed: two queries sent before the first
    answer comes back are each shown, when their answer comes, as they are when typed alone."""
    page, queries = pages("en"), ["zero_grad", "grad is none"]
    alone = [result["links"][:4] for result in run(page, queries)]
    run(page, ["detach"])
    both = page.evaluate(
        """queries => new Promise((resolve, reject) => {
            const box = document.querySelector("input.md-search__input");
            const list = document.querySelector(".md-search-result__list");
            const meta = document.querySelector(".md-search-result__meta");
            const shown = [];
            const timer = setTimeout(() => reject(new Error(`answers: ${shown.length}`)), 15000);
            const watch = new MutationObserver(() => {
                shown.push([...list.querySelectorAll(
                    ".md-search-result__item > .md-search-result__link")].slice(0, 4).map(a => {
                        const url = new URL(a.href); return url.pathname + url.hash; }));
                if (shown.length < queries.length) return;
                clearTimeout(timer); watch.disconnect(); resolve(shown);
            });
            watch.observe(meta, { childList: true, characterData: true, subtree: true });
            for (const value of queries) {
                box.value = value;
                box.dispatchEvent(new KeyboardEvent("keyup", { key: "End", bubbles: true }));
            }
        })""",
        queries,
    )
    assert alone[0] != alone[1]
    assert both == alone, (both, alone)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_a_result_lacks_are_shown_as_typed_not_as_stems(pages, language):
    """Material's "Missing: ..." under a result lists the words it was sent; the rewrite
    sends an English word as its stem (layers: layer, backbone: backbon), which reads as a
    typo: docs/assets/search-query.js shows the reader's word instead."""
    page = pages(language)
    run(page, ["freezing the backbone layers"])
    lacked = set(
        page.evaluate(
            "[...document.querySelectorAll('.md-search-result__terms del')].map(d => d.textContent)"
        )
    )
    assert "layers" in lacked and not lacked & {"layer", "backbon", "freez"}, lacked


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_query_the_site_has_no_word_of_says_so_and_points_to_errors_and_troubleshooting(
    pages, language
):
    """docs/assets/search-miss.js: a plain note in the page's language, with links to the
    error index and troubleshooting of that language; none for a query the site covers,
    before or after the miss."""
    prefix = url_prefix(language)
    query, word = MISSES[language]
    before, miss, after = run(pages(language), [COVERED[language], query, COVERED[language]])
    assert before["links"] and not before["miss"]
    assert not miss["links"], f"{language} {query!r}: results for a topic the site lacks"
    assert miss["miss"], f"{language} {query!r}: no note"
    text = miss["note"]
    assert word.lower() in text.lower() and ("本站" in text) == (language == "zh"), text
    assert miss["noteLinks"] == [f"/{prefix}errors/", f"/{prefix}troubleshooting/"], miss
    assert after["links"] and not after["miss"], "the note stays after a query that finds something"


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


def test_the_suggestion_is_not_drawn_under_a_query_wider_than_the_box(pages):
    """docs/assets/search-suggest.js: Material draws the faded suggestion under the query; a
    pasted message scrolls inside the box, the suggestion would not."""
    short, pasted = run(pages("en"), ["retain", PASTED[1][0]], open=True)
    # Material suggests under a short query: the check below can fail.
    assert short["suggest"] and short["suggestShown"], short
    assert pasted["overflows"], "the query fits: no overlap to test"
    assert not pasted["suggestShown"], pasted


# What a phone shows of a result list: each result's title and first lines (docs/assets/search.css).
_RESULTS_SHOWN = """() => {
  const pages = [...document.querySelectorAll(".md-search-result__list > .md-search-result__item")];
  const blocks = [...document.querySelectorAll(".md-search-result__article > h2")].map(title => {
    const shown = [...title.parentElement.children].filter(child => child !== title
      && !child.classList.contains("md-search-result__terms") && child.getClientRects().length);
    const style = shown.length ? getComputedStyle(shown[0]) : null;
    return { title: title.textContent, shown: shown.length, tag: shown.length ? shown[0].tagName : "",
      lines: shown.length ? shown[0].getBoundingClientRect().height / parseFloat(style.lineHeight) : 0 };
  });
  return { tops: pages.slice(0, 3).map(li => li.getBoundingClientRect().top), height: innerHeight,
           blocks: blocks };
}"""


def test_a_phone_shows_three_results_each_in_a_few_lines(pages):
    """Material renders every paragraph of a result's section: at 360 px the first result filled
    the screen. Each section result now shows its first block of text, at most three lines, so the
    first three pages of a question's results start on the first screen."""
    page = pages("en")
    page.set_viewport_size(PHONE)
    try:
        # The search opened as the phone's search button opens it (a click on its checkbox).
        page.evaluate("(box => box.checked || box.click())(document.getElementById('__search'))")
        run(page, ["why is my weight.grad None after calling loss.backward()"], open=True)
        seen = page.evaluate(_RESULTS_SHOWN)
    finally:
        page.evaluate("(box => box.checked && box.click())(document.getElementById('__search'))")
        page.set_viewport_size(DESKTOP)
    assert len(seen["tops"]) == 3 and max(seen["tops"]) < seen["height"], seen["tops"]
    assert len(seen["blocks"]) > 10, seen
    # Three lines; a list's items keep their margins (under one line in all).
    long = [block for block in seen["blocks"] if block["shown"] > 1 or block["lines"] > 4]
    assert not long, long


# Each section result: its words outside any element, and whether search-query.js made the run
# of them it starts with a paragraph.
_LEADS = """() => [...document.querySelectorAll(".md-search-result__article > h2")].map(title => ({
  title: title.textContent,
  loose: [...title.parentElement.childNodes].filter(node => node.nodeType === Node.TEXT_NODE
    && node.textContent.replace(/[\\s\\u200b]/g, "")).map(node => node.textContent),
  first: !!title.parentElement.querySelector(":scope > h2 + p.gs-search-words"),
}))"""

# Queries whose results include sections Material shows from words outside any paragraph: a
# table's cells (a chapter's "What changed when", the home page's chapters), the home page's
# questions from a match on.
LOOSE = {"zh": "多卡训练 梯度累加", "en": "Variable and Tensor merge in 0.4.0"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_result_s_first_lines_are_a_paragraph_with_its_code_and_marks(pages, language):
    """search.css shows the first block under a result's title, three lines of it. Where the text
    started with words outside any paragraph, their code and marks were the blocks shown, or
    hidden, and the words around them shown loose: the home page's questions read "什么时候真的
    需要 结果不会再回到里". Words outside any paragraph after the first block stayed on screen
    under it. docs/assets/search-query.js makes each run of such words a paragraph."""
    page = pages(language)
    run(page, [LOOSE[language]])
    results = page.evaluate(_LEADS)
    assert [result for result in results if result["first"]], results  # such a result is there
    assert not [result for result in results if result["loose"]], results


# zh queries, the word the reader typed that a result's "缺少" line must name (None: the typed
# word is searched itself), and the glossary word sent for it, which it must not.
MISSING = {"多卡训练 梯度累加": ("多卡", "分布式"), "detach 和 clone": (None, "分离")}


def test_a_result_s_missing_words_are_words_the_reader_typed(pages):
    """Material lists the words a result lacks as it was sent them, the glossary's too: a section
    about detach() showed "缺少: 分离", a word the reader never typed, and a result without
    分布式 (sent for 多卡) named it. Now a glossary word is named as the words typed for it, or
    not at all when those are searched themselves (docs/assets/search-query.js)."""
    page = pages("zh")
    for query, (typed, added) in MISSING.items():
        run(page, [query])
        lists = page.evaluate(
            "() => [...document.querySelectorAll('.md-search-result__terms')]"
            ".map(terms => [...terms.querySelectorAll('del')].map(del => del.textContent))"
        )
        words = {word for missing in lists for word in missing}
        assert lists and all(lists), (query, lists)  # no line left without a word
        assert added not in words and (typed is None or typed in words), (query, lists)


def test_generated_tables_and_pictures_stay_out_of_the_search_index(site):
    """The release matrix (a ✓ or ✗ under each of 17 releases, for every example's name) matched
    most questions, and a picture's labels and a formula's glyphs ran together into words no
    reader types (xrequires_grad=TrueyMulBackward0, 1B∑i=1Bℓi): they carry Material's
    data-search-exclude (gradsite/pages.py, SEARCH_EXCLUDE), their prose and captions stay."""
    for language in LANGUAGES:
        versions = site.page(url_prefix(language) + "versions/")
        for block in (
            '<div class="mx-wrap"',
            '<details class="mx-failures"',
            '<div class="mx-changes"',
        ):
            assert versions.count(block) == 1, (language, block)
            assert re.search(re.escape(block) + r' data-search-exclude[ =>"]', versions), block
        pictures = re.findall(
            r'<div class="gs-picture"[^>]*>', site.page(url_prefix(language) + "retention/")
        )
        assert pictures and all("data-search-exclude" in tag for tag in pictures), pictures
        index = site.site / url_prefix(language) / "search" / "search_index.json"
        index = json.loads(index.read_text(encoding="utf-8"))
        docs = {doc["location"]: doc for doc in index["docs"]}
        assert docs["versions/#matrix"]["text"] and docs["retention/#leaf-vs-non-leaf"]["text"]
        assert not [where for where, doc in docs.items() if "✓✓" in doc["text"]]  # a row
        assert "accumulation_loop" not in docs["versions/#matrix"]["text"]
        assert "AttributeError" not in docs["versions/#matrix-changes"]["text"]
        accumulation = site.page(url_prefix(language) + "accumulation/")
        assert accumulation.count('<div class="math" data-search-exclude>') >= 2
        formulas = [where for where, doc in docs.items() if "∑" in doc["text"]]  # their glyphs
        assert not formulas, formulas
        assert not [
            where
            for where, doc in docs.items()
            if "requires_grad=TrueMulBackward0" in doc["text"]
            or re.search(r"[a-z]requires_grad=True", doc["text"])
        ]


# --- highlighting on the page a result opens -------------------------------------------------

MARKS = "article mark[data-md-highlight]"
# A mark is a whole word: no letter or digit right before or after it.
_FRAGMENTS = """() => [...document.querySelectorAll('article mark[data-md-highlight]')].filter(m => {
    const before = m.previousSibling ? m.previousSibling.textContent.slice(-1) : '';
    const after = m.nextSibling ? m.nextSibling.textContent.slice(0, 1) : '';
    return /\\w/.test(before) || /\\w/.test(after) || m.textContent.length < 3;
}).map(m => (m.previousSibling ? m.previousSibling.textContent.slice(-8) : '') + '[' + m.textContent + ']')"""
# The first section result's address, as Material renders it (with ?h=): a pasted message's
# entry (the page result above it is marked with the words of the page's top section only).
_FIRST_SECTION = """() => document.querySelector(
    ".md-search-result__item > .md-search-result__link[href*='#']").href"""
# Opens a result in the page at hand as if it had been loaded from its address: the address
# (with Material's ?h= and the section) and the article as served, then highlight.js run
# again as it runs at load. All three pasted messages land on one page, the error index:
# loaded once, marked three times.
_AS_IF_OPENED = """async ([href, pristine]) => {
    history.replaceState(null, "", href);
    document.querySelector("article").innerHTML = pristine;
    await new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = document.querySelector("script[src$='assets/highlight.js']").src;
        script.onload = resolve; script.onerror = reject;
        document.head.append(script);
    });
}"""


def _first_result(pages, language: str, query: str) -> str:
    """The address of the query's first section result, as Material renders it (with ?h=)."""
    page = pages(language)
    assert run(page, [query])[0]["links"], f"{language} {query!r}: no result"
    return page.evaluate(_FIRST_SECTION)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pasted_error_message_marks_few_whole_words(pages, served, record_property, language):
    """docs/assets/highlight.js: after pasting an error message and opening the first
    result, at most 60 marks, none a stop word or a fragment of a word."""
    hrefs = [_first_result(pages, language, query) for query, _ in PASTED]
    targets = {href.split("?")[0] for href in hrefs}
    assert len(targets) == 1, f"the messages no longer land on one page: {hrefs}"
    page = pages(language).context.new_page()
    page.route("**/search/search_index.json", lambda route: route.abort())  # not searched
    try:
        page.goto(targets.pop(), wait_until="domcontentloaded")
        pristine = page.locator("article").inner_html()
        counts = []
        for (query, _), href in zip(PASTED, hrefs, strict=True):
            page.evaluate(_AS_IF_OPENED, [href, pristine])
            url = page.url
            assert "?h=" not in url, f"the searched words stay in the address: {url}"
            marks = page.locator(MARKS).all_inner_texts()
            counts.append(f"{query[:30]!r}: {len(marks)} on {url.removeprefix(served.url)}")
            assert len(marks) <= 60, f"{language} {query!r}: {len(marks)} marks on {url}"
            stop = {"a", "an", "the", "to", "for", "of", "by", "on", "has", "been", "can", "t"}
            assert not stop & {m.lower() for m in marks}, (
                f"{language} {query!r}: stop words marked: {sorted(set(marks))}"
            )
            assert not page.evaluate(_FRAGMENTS), f"{language} {query!r}: fragments marked"
            if language == "en" and query.startswith("Trying"):
                assert "backward" in {m.lower() for m in marks}, (
                    f"the searched word is not marked: {sorted(set(marks))}"
                )
    finally:
        page.close()
    record_property("summary", f"search marks ({language}): " + "; ".join(counts))


def test_the_mark_count_check_can_fail(pages):
    """Without docs/assets/highlight.js, Material marks every "a" and "to": the same
    search gives far more than 60 marks, and fragments inside words."""
    href = _first_result(pages, "en", PASTED[0][0])
    page = pages("en").context.new_page()
    page.route(
        "**/assets/highlight.js",
        lambda route: route.fulfill(body="", content_type="text/javascript"),
    )
    try:
        page.goto(href, wait_until="domcontentloaded")
        page.wait_for_function(f"document.querySelectorAll({MARKS!r}).length > 60", timeout=15000)
        assert page.evaluate(_FRAGMENTS)
    finally:
        page.close()
