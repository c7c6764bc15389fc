""" "My PyTorch": each example's output as the release a reader chooses printed it.

gradsite/matrix/notes.py writes, at the end of every page with examples, a
`<script type="application/json" id="mx-data">` holding each release's result
of the page's examples and the texts of the outputs that differ from the pinned
release's; docs/assets/releases.js shows them. The promises kept here:

* the data matches data/matrix-outputs.json, and the page (without JavaScript)
  shows the pinned release's outputs and no other release's;
* the search index holds the pinned outputs only;
* in Chromium, choosing 1.13.1 on the zeroing page shows what 1.13.1 printed
  under a `zero_grad()` example (or its failure, the line that raised quoted), the choice
  follows the reader to the next page and to the other language, and choosing
  the pinned release shows its outputs again.

The checks are functions, each run on the real build and on a page or index with
a planted mistake (tests `*_find_*`), so each is seen failing. The offline copy
(file://) is checked in tests/test_downloads.py.
"""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import urljoin

import pytest
from gradsite import matrix
from gradsite.matrix import notes
from gradsite.project import CHAPTERS, INCLUDE, LANGUAGES, url_prefix

SCRIPT = re.compile(r'<script type="application/json" id="mx-data">(?P<json>.*?)</script>', re.S)
# A code block as Material writes it (gradsite/downloads/notebooks.py reads them the same way).
BLOCK = re.compile(r'<div class="(?:[^"]* )?highlight(?: [^"]*)?"[^>]*>(?P<pre>.*?)</div>', re.S)
TAG = re.compile(r"<[^>]+>")
PAGES = [*CHAPTERS, "versions"]


def _text(html: str) -> str:
    return unescape(TAG.sub("", html))


def _flat(text: str) -> str:
    """Plain text, whitespace (and the U+200B jieba puts between words) aside."""
    return " ".join(text.replace("\u200b", "").split())


def embedded(html: str) -> tuple[dict | None, str]:
    """The page's release data, and the page without it (what a reader without JavaScript gets)."""
    match = SCRIPT.search(html)
    if not match:
        return None, html
    return json.loads(match["json"]), html[: match.start()] + html[match.end() :]


def shown(html: str) -> dict[str, str]:
    """Example -> the text of the output block right before its marker."""
    blocks = [(m.end(), _text(m["pre"])) for m in BLOCK.finditer(html)]
    found: dict[str, str] = {}
    for marker in notes.MARKER.finditer(html):
        before = [(end, text) for end, text in blocks if end <= marker.start()]
        if before and not html[before[-1][0] : marker.start()].strip():
            found.setdefault(marker["example"], before[-1][1])
    return found


def page_problems(html: str, outputs: dict[str, str]) -> list[str]:
    """Everything wrong with a page's releases: its data against data/matrix-outputs.json, and
    what its HTML shows without JavaScript (the pinned outputs, and no other release's)."""
    markers = list(dict.fromkeys(m["example"] for m in notes.MARKER.finditer(html)))
    data, visible = embedded(html)
    if data is None:
        return [f"no release data for the {len(markers)} examples of the page"] if markers else []
    problems = []
    seen = shown(visible)
    for example in markers:
        entry = data["examples"].get(example)
        if entry is None:
            problems.append(f"{example}: not in the page's release data")
            continue
        pinned = outputs.get(entry["pinned"])
        if example not in seen:
            problems.append(f"{example}: no output block right before its marker")
        elif pinned is None:
            problems.append(
                f"{example}: data/matrix-outputs.json has no text for its pinned output {entry['pinned']}"
            )
        elif seen[example].rstrip("\n") != pinned.rstrip("\n"):
            problems.append(
                f"{example}: the page shows something else than the pinned release printed:\n"
                f"{seen[example]!r}\n{pinned!r}"
            )
        for release, item in zip(data["releases"], entry["releases"]):
            if item and item["output"] != entry["pinned"] and item["output"] not in data["texts"]:
                problems.append(f"{example}: no text for what {release} printed ({item['output']})")
    page_text = _text(visible)
    for key, text in data["texts"].items():
        if outputs.get(key) != text:
            problems.append(f"the page's text {key} is not data/matrix-outputs.json's: {text!r}")
        # Another release's output in the HTML (a failure's output may be a prefix of the pinned one).
        if text.strip() in page_text and not any(
            text.strip() in pinned for pinned in seen.values()
        ):
            problems.append(f"another release's output is in the page's HTML: {text!r}")
    return problems


def index_problems(index: dict, pages: list[str]) -> list[str]:
    """The search index holds the pages' pinned outputs (so this check sees outputs at all)
    and none of the other releases' texts."""
    words = _flat(" ".join(_text(doc["text"] + " " + doc.get("code", "")) for doc in index["docs"]))
    problems = []
    for html in pages:
        data, visible = embedded(html)
        pinned = [_flat(text) for text in shown(visible).values()]
        for text in pinned:
            if text not in words:
                problems.append(f"a pinned output is not in the search index: {text[:80]!r}")
        for text in (data or {"texts": {}})["texts"].values():
            if _flat(text) in words and not any(_flat(text) in p for p in pinned):
                problems.append(f"another release's output is in the search index: {text[:80]!r}")
    return problems


# --- the checks, each seen failing on a page with a planted mistake ------------------------------


@pytest.fixture
def small_page(tmp_path):
    """A page with two examples, as the hooks write it, on three releases (pinned: 2.1.2):
    `fails.py` fails on 1.13 after printing its first line; `other.py` prints "old" before 2.1."""
    for name, code in (("fails", "print('first')\nprint('second')\n"), ("other", "print('new')\n")):
        (tmp_path / "snippets/zeroing").mkdir(parents=True, exist_ok=True)
        (tmp_path / f"snippets/zeroing/{name}.py").write_text(code)
    outputs = {
        "h-two": "first\nsecond\n",
        "h-one": "first\n",
        "h-new": "new\n",
        "h-old": "old printed here\n",
    }
    data = {"releases": {}}
    for release in ("1.13.1", "2.0.1", "2.1.2"):
        old = release == "1.13.1"
        for name, result in (
            (
                "fails",
                dict(status="failed", error="AssertionError", line=2, output="h-one")
                if old
                else dict(status="passed", error=None, line=None, output="h-two"),
            ),
            (
                "other",
                dict(
                    status="passed",
                    error=None,
                    line=None,
                    output="h-old" if release < "2.1" else "h-new",
                ),
            ),
        ):
            example = f"snippets/zeroing/{name}.py"
            result["text"] = outputs[result["output"]]
            matrix.record(
                data, release, {"example": example, **result}, matrix.source_hash(example, tmp_path)
            )
    current = matrix.rows(data, tmp_path)
    examples = ["snippets/zeroing/fails.py", "snippets/zeroing/other.py"]
    page_data = notes.page_data(examples, "en", data, current, outputs, tmp_path, "2.1.2")

    def block(text):
        return f'<div class="highlight"><pre><span></span><code>{text}</code></pre></div>'

    html = "".join(
        f"{block('print(...)')}\n{block(outputs[page_data['examples'][e]['pinned']])}\n"
        f'<div class="mx-versions" data-example="{e}"></div>\n<p>Prose.</p>\n'
        for e in examples
    )
    html += f'<script type="application/json" id="mx-data">{json.dumps(page_data)}</script>'
    return html, outputs


def test_a_page_as_the_hooks_write_it_passes_the_check(small_page):
    html, outputs = small_page
    assert page_problems(html, outputs) == []
    assert list(embedded(html)[0]["texts"]) == ["h-old", "h-one"]


def test_page_check_finds_another_releases_output_in_the_html(small_page):
    html, outputs = small_page
    planted = html.replace("<p>Prose.</p>", "<p>old printed here</p>", 1)
    assert page_problems(planted, outputs) == [
        "another release's output is in the page's HTML: 'old printed here\\n'"
    ]
    shown_old = html.replace("<code>new\n</code>", "<code>old printed here\n</code>")
    assert (
        "the page shows something else than the pinned release printed"
        in page_problems(shown_old, outputs)[0]
    )


def test_page_check_finds_a_text_unlike_the_outputs_file_or_missing(small_page):
    html, outputs = small_page
    assert page_problems(
        html.replace('"h-old": "old printed here', '"h-old": "old printed there'), outputs
    ) == ["the page's text h-old is not data/matrix-outputs.json's: 'old printed there\\n'"]
    assert page_problems(html, {**outputs, "h-new": "newer\n"})[0].startswith(
        "snippets/zeroing/other.py: the page shows something else"
    )
    assert page_problems(html.replace(', "h-one": "first\\n"', ""), outputs) == [
        "snippets/zeroing/fails.py: no text for what 1.13.1 printed (h-one)"
    ]
    assert page_problems(SCRIPT.sub("", html), outputs) == [
        "no release data for the 2 examples of the page"
    ]


def test_index_check_finds_another_releases_output_and_sees_the_pinned_ones(small_page):
    html, _ = small_page
    index = {
        "docs": [
            {
                "text": "<p>Prose.</p><pre><code>first\nsecond\n</code></pre><pre><code>new</code></pre>"
            }
        ]
    }
    assert index_problems(index, [html]) == []
    planted = {"docs": [*index["docs"], {"text": "<code>old printed   here</code>"}]}
    assert index_problems(planted, [html]) == [
        "another release's output is in the search index: 'old printed here\\n'"
    ]
    assert index_problems({"docs": [{"text": "first second"}]}, [html]) == [
        "a pinned output is not in the search index: 'new'"
    ]


# --- the real build -------------------------------------------------------------------------------


@pytest.mark.parametrize("prefix", [url_prefix(language) for language in LANGUAGES])
def test_every_page_embeds_what_each_release_printed_and_shows_the_pinned_output(site, prefix):
    outputs = matrix.load_outputs()
    problems = {page: page_problems(site.page(f"{prefix}{page}"), outputs) for page in PAGES}
    assert not any(problems.values()), problems
    data = [embedded(site.page(f"{prefix}{page}"))[0] for page in PAGES]
    assert all(d and d["pinned"] == matrix.PINNED for d in data)
    # "What is this?" beside the choice: the versions page's paragraph on it.
    assert {urljoin(f"/{prefix}{page}/", d["about"]) for page, d in zip(PAGES, data)} == {
        f"/{prefix}versions/#my-pytorch"
    }
    assert 'id="my-pytorch"' in site.page(f"{prefix}versions")
    assert any(d["texts"] for d in data), (
        "no page holds another release's output: nothing to choose from"
    )


@pytest.mark.parametrize("prefix", [url_prefix(language) for language in LANGUAGES])
def test_search_indexes_only_the_pinned_outputs(site, prefix):
    index = json.loads(
        (site.site / prefix / "search/search_index.json").read_text(encoding="utf-8")
    )
    assert index_problems(index, [site.page(f"{prefix}{page}") for page in PAGES]) == []


# --- in Chromium ----------------------------------------------------------------------------------

CHOSEN = "1.13.1"


def _zero_grad_example_that_differs_on(release: str) -> tuple[str, dict]:
    """The zeroing page's first zero_grad() example whose result on `release` differs from the pinned one."""
    current = matrix.rows()
    text = (matrix.ROOT / "docs/zeroing/index.en.md").read_text(encoding="utf-8")
    for example in (m["path"] for m in INCLUDE.finditer(text)):
        entry, pinned = current[example].get(release), current[example][matrix.PINNED]
        if (
            "zero_grad()" in (matrix.ROOT / example).read_text()
            and entry
            and (entry["status"] != "passed" or entry["output"] != pinned["output"])
        ):
            return example, entry
    raise AssertionError(f"no zero_grad() example of the zeroing page differs on {release}")


SEEN = """
marker => {
  const block = marker.previousElementSibling;
  const status = marker.querySelector(".mx-status");
  return {output: block.querySelector("code").textContent, label: block.getAttribute("data-mx-label"),
          status: status && status.textContent, note: marker.querySelector(".mx-note") !== null};
}
"""


def test_choosing_a_release_shows_its_output_on_every_page_in_both_languages_until_the_pinned_one(
    tab,
):
    example, entry = _zero_grad_example_that_differs_on(CHOSEN)
    text = matrix.load_outputs()[entry["output"]]
    page = tab.page
    marker = page.locator(f'.mx-versions[data-example="{example}"]')
    select = page.locator(".mx-choice select")
    tab.open("zeroing/")
    pinned = marker.evaluate(SEEN)
    assert (
        select.input_value() == matrix.PINNED
        and pinned["label"] is None
        and pinned["status"] is None
    )
    assert pinned["note"]  # the compatibility note: this example differs somewhere
    select.select_option(CHOSEN)
    seen = marker.evaluate(SEEN)
    assert seen["output"].rstrip("\n") == text.rstrip("\n"), seen
    assert f"PyTorch {CHOSEN}" in seen["label"]
    if entry["status"] == "failed":
        # The line that raised, quoted: the page shows no line numbers.
        code = notes._code(example, entry, matrix.ROOT)
        assert "中途停止" in seen["label"] and CHOSEN in seen["status"]
        assert code in seen["status"] and f"第 {entry['line']} 行" not in seen["status"]
        assert "不是这样" in seen["status"] or "不成立" in seen["status"]
        if not code.startswith(("assert", "raise")):
            assert (entry["error"] or "").split(":")[0] in seen["status"]
    else:
        assert f"与 {matrix.PINNED} 不同" in seen["label"]

    # The next page, and the other language: the same choice.
    tab.open("detach/")
    assert select.input_value() == CHOSEN
    labels = page.locator(".highlight[data-mx-label]")
    assert labels.count() and f"PyTorch {CHOSEN}" in labels.first.get_attribute("data-mx-label")
    tab.open("en/zeroing/")
    assert select.input_value() == CHOSEN
    seen = marker.evaluate(SEEN)
    assert seen["output"].rstrip("\n") == text.rstrip("\n") and f"PyTorch {CHOSEN}" in seen["label"]
    if entry["status"] == "failed":
        assert code in seen["status"] and f"line {entry['line']}" not in seen["status"]
        assert "is not what" in seen["status"] or "does not hold" in seen["status"]

    # Back to the pinned release: its output again, here and on the next page loaded.
    select.select_option(matrix.PINNED)
    assert marker.evaluate(SEEN) == pinned
    tab.open("zeroing/")
    assert select.input_value() == matrix.PINNED and marker.evaluate(SEEN) == pinned
    assert page.locator(".highlight[data-mx-label]").count() == 0
    tab.settle()
    # Leaving a page cancels what it still loads (net::ERR_ABORTED: the search worker's files,
    # which it loads late): not a failure.
    failed = [f for f in tab.failed if not f.startswith("net::ERR_ABORTED ")]
    assert tab.blocked == [] and failed == [], (tab.blocked, failed)
