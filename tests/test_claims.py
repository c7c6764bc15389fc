"""The claim ledger (gradsite/claims/) on small projects made here: what it reads from pages,
examples and drift cases, each mistake it reports, and what it counts and renders.

The same mistakes in a real strict build: tests/test_build_failures.py (tests/broken.py).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from html import unescape
from pathlib import Path

import markdown
import pytest
from gradsite.claims import ledger as claims
from gradsite.claims import render
from gradsite.claims.unmarked import unmarked
from gradsite.project import CHAPTERS, LANGUAGES, ROOT, url_prefix

EXAMPLE = textwrap.dedent(
    """\
    import torch

    x = torch.ones(2, requires_grad=True)
    y = (x * 3).sum()
    y.backward()
    print(x.grad)
    # claim: grad-is-three
    assert x.grad.tolist() == [
        3.0,
        3.0,
    ]
    if True:
        # claim: leaf-keeps-grad
        # claim: grad-is-three
        assert x.is_leaf
    """
)
EN = textwrap.dedent(
    """\
    # Example

    After `y.backward()`, `x.grad` holds 3 for each element.[[grad-is-three]] The leaf keeps it,
    e.g. after a second look.[[leaf-keeps-grad]][[cuda-does-the-same cite=https://example.org/cuda]]

    ```python exec="on" source="above" result="text"
    --8<-- "snippets/demo/example.py"
    ```

    Code such as `a[[0]]` is no mark.

    [[claims-summary]]
    """
)
ZH = textwrap.dedent(
    """\
    # 示例

    `y.backward()` 之后，`x.grad` 的每个元素都是 3。[[grad-is-three]]
    叶子节点会保留它。[[leaf-keeps-grad]][[cuda-does-the-same cite=https://example.org/cuda]]

    ```python exec="on" source="above" result="text"
    --8<-- "snippets/demo/example.py"
    ```

    [[claims-summary]]
    """
)


def _project(tmp_path: Path, en: str = EN, zh: str = ZH, example: str = EXAMPLE) -> Path:
    (tmp_path / "docs/demo").mkdir(parents=True)
    (tmp_path / "snippets/demo").mkdir(parents=True)
    (tmp_path / "docs/demo/index.en.md").write_text(en, encoding="utf-8")
    (tmp_path / "docs/demo/index.zh.md").write_text(zh, encoding="utf-8")
    (tmp_path / "snippets/demo/example.py").write_text(example, encoding="utf-8")
    return tmp_path


def _ledger(root: Path) -> claims.Ledger:
    pages = sorted(p.relative_to(root / "docs").as_posix() for p in (root / "docs").rglob("*.md"))
    return claims.Ledger.read(root / "docs", root, claims.in_nav_order(pages, []))


def _drift(root: Path, cases: dict | None = None, no_drift: dict | None = None) -> None:
    """Plant tests/drift_cases/ modules' DRIFT and NO_DRIFT as the build reads them: the data
    file tests/drift_claims.py writes from them."""
    from types import SimpleNamespace

    from drift_claims import collect

    found = collect({"demo": SimpleNamespace(DRIFT=cases or {}, NO_DRIFT=no_drift or {})})
    (root / "data").mkdir(exist_ok=True)
    (root / claims.DRIFT_CLAIMS).write_text(json.dumps(found), encoding="utf-8")


def test_a_page_s_marks_their_sentences_and_their_asserts(tmp_path):
    ledger = _ledger(_project(tmp_path))
    assert ledger.errors == []
    en = ledger.claims["en"]
    assert [c.id for c in en] == ["grad-is-three", "leaf-keeps-grad", "cuda-does-the-same"]
    assert [c.id for c in ledger.claims["zh"]] == [c.id for c in en]
    assert en[0].sentence == "After `y.backward()`, `x.grad` holds 3 for each element."
    assert en[1].sentence == "The leaf keeps it, e.g. after a second look."
    assert en[2].sentence == en[1].sentence, "two marks on one sentence"
    assert ledger.claims["zh"][1].sentence == "叶子节点会保留它。"
    three = en[0].proofs
    assert [(p.snippet, p.line, p.end) for p in three] == [
        ("snippets/demo/example.py", 8, 11),
        ("snippets/demo/example.py", 15, 15),
    ]
    assert three[0].code.startswith("assert x.grad.tolist() == [") and three[0].code.endswith("]")
    assert en[2].cite == "https://example.org/cuda" and not en[2].asserted
    counts = ledger.counts("en").fields()
    assert counts == {
        "claims": 3,
        "asserted": 2,
        "cited": 1,
        "drift": 0,
        "asserted_pct": 66,
        "drift_pct": 0,
    }


def test_a_page_title_is_its_heading_not_a_front_matter_comment(tmp_path):
    """The errors page's front matter explains its search boost in a YAML comment ("# An
    index repeats..."): the claims page once took that comment for the page's title."""
    front = "---\n# a comment, not the title\nsearch:\n  boost: 0.75\n---\n\n"
    en = front + EN.replace("# Example", "# Example `with code`", 1)
    ledger = _ledger(_project(tmp_path, en=en, zh=front + ZH))
    assert not ledger.errors, ledger.errors
    assert ledger.titles["demo/index", "en"] == "Example `with code`"
    assert ledger.titles["demo/index", "zh"] == "示例"
    assert render.table(ledger, "en", lambda page, anchor: None, {}).startswith(
        "## Example `with code` {#demo}"
    )


def test_claims_at_a_line_and_the_drift_cases_naming_them(tmp_path):
    root = _project(tmp_path)
    example = "snippets/demo/example.py"
    assert claims.claims_at(example, 9, root) == {"grad-is-three"}
    assert claims.claims_at(example, 15, root) == {"grad-is-three", "leaf-keeps-grad"}
    assert claims.claims_at(example, 5, root) == set()
    with pytest.raises(ValueError, match="a case is"):  # the old form, without a claim
        _drift(root, {"old form": ("import torch", example)})
    _drift(
        root,
        {
            "grad doubles": ("import torch", example, "grad-is-three"),
            "leaves lose grad": ("import torch", example, "leaf-keeps-grad"),
        },
    )
    assert claims.drift(root)[0] == {
        "grad-is-three": ["grad doubles"],
        "leaf-keeps-grad": ["leaves lose grad"],
    }
    read = _ledger(root)
    assert [c.drift for c in read.claims["zh"]] == [["grad doubles"], ["leaves lose grad"], []]
    assert read.counts("zh").drift == 2


def test_each_mistake_is_named(tmp_path):
    """The strict build's messages (hooks.py logs Ledger.errors), each naming page, language
    and claim and saying what to do."""
    en = EN.replace("[[leaf-keeps-grad]]", "[[leaf-keeps-grad]][[no-such-proof]][[Bad_Id]]")
    en = en.replace("holds 3", "holds 3 [[grad-is-three]]")
    en = en.replace("example.org/cuda", "example.org/cuda-en")
    zh = ZH.replace("[[leaf-keeps-grad]]", "[[leaf-keeps-grad]][[no-such-proof]][[Bad_Id]]")
    zh = zh.replace("都是 3", "都是 3 [[grad-is-three]]")
    example = EXAMPLE + "# claim: no-page-names-it\nassert x.grad is not None\n"
    example += "# claim: above-a-print\nprint(x)\n#claim: Not_an_id\nassert True\n"
    ledger = _ledger(_project(tmp_path, en, zh, example))
    errors = "\n".join(ledger.errors)
    for lang in ("zh", "en"):
        line = 4
        assert (
            f"docs/demo/index.{lang}.md:{line}: language {lang}: claim no-such-proof names no assert of "
            "an example on this page: put '# claim: no-such-proof' right above the assert that "
            "proves it in one of snippets/demo/example.py, or cite its source" in errors
        )
        assert f"language {lang}: malformed claim mark [[Bad_Id]]" in errors
        assert f"language {lang}: claim grad-is-three is used twice" in errors
    assert (
        "snippets/demo/example.py:17: '# claim: no-page-names-it' names a claim that no page "
        "including snippets/demo/example.py makes in language zh, en" in errors
    )
    assert (
        "snippets/demo/example.py:18: '# claim: above-a-print' is not directly above an assert "
        "statement (line 19 is 'print(x)')" in errors
    )
    assert "snippets/demo/example.py:20: malformed claim comment '#claim: Not_an_id'" in errors
    assert (
        "docs/demo/index.zh.md and docs/demo/index.en.md: claim cuda-does-the-same cites "
        "https://example.org/cuda in zh but https://example.org/cuda-en in en" in errors
    )
    assert "differ in their claims" not in errors


def test_languages_that_differ_in_claims_or_their_order(tmp_path):
    swap = {"[[grad-is-three]]": "[[leaf-keeps-grad]]", "[[leaf-keeps-grad]]": "[[grad-is-three]]"}
    en = EN.replace("[[grad-is-three]]", "[[x]]").replace("[[leaf-keeps-grad]]", "[[y]]")
    en = en.replace("[[x]]", swap["[[grad-is-three]]"]).replace(
        "[[y]]", swap["[[leaf-keeps-grad]]"]
    )
    ledger = _ledger(_project(tmp_path, en=en))
    assert (
        "docs/demo/index.zh.md and docs/demo/index.en.md differ in their claims: same ones, "
        "another order: claim 1 is grad-is-three in zh, leaf-keeps-grad in en. Mark the same "
        "sentences with the same ids, in the same order, in both languages."
    ) in ledger.errors, ledger.errors
    zh = ZH.replace(
        "[[leaf-keeps-grad]]", "[[leaf-keeps-grad]][[only-in-chinese cite=https://a.b/c]]"
    )
    ledger = _ledger(_project(tmp_path / "2", zh=zh))
    assert any("differ in their claims: only in zh: only-in-chinese" in e for e in ledger.errors)
    # A claim listed twice in one language and once in the other: where the lists part.
    from gradsite.pages import twins_differ

    assert twins_differ("demo/index", "claims", [["a", "a"], ["a"]], "Fix.", "claim") == [
        "docs/demo/index.zh.md and docs/demo/index.en.md differ in their claims: same ones, "
        "another order: claim 2 is a in zh, none in en. Fix."
    ]


def test_marks_render_as_anchors_and_the_summary_counts_the_page(tmp_path):
    ledger = _ledger(_project(tmp_path))
    page = "demo/index.en.md"
    html = render.marks(EN, page, ledger, "../claims/")
    assert "[[" not in html.replace("a[[0]]", "")
    assert html.count('<span class="gs-claim__at" id="claim-') == 3
    assert (
        '<span class="gs-claim__at" id="claim-grad-is-three" data-href="../claims/#grad-is-three">'
        in html
    )
    assert "gs-claim__mark" not in html, "the marks are the paragraphs', made from the HTML"
    assert "Claims on this page: 3. Checked by an `assert` in the examples beside them: 2;" in html
    assert "The [claims page](../claims/index.md) lists every claim" in html
    zh = render.marks(ZH, "demo/index.zh.md", ledger, "../claims/")
    assert "本页共有 3 条结论：2 条由旁边示例里的 `assert` 检查，1 条引用了出处" in zh
    data = render.data(markdown.markdown(html), page, ledger, {})
    assert '"grad-is-three":{"proofs":[{"file":"snippets/demo/example.py","line":8' in data
    assert '"sentence":"After \\u003ccode>y.backward()\\u003c/code>, ' in data
    assert "The compatibility matrix has no current row" in data
    assert "\\u003c" not in data or "</script" not in data[:-12]


# Sentences marked in a paragraph, list items, a nested list and a table: one mark each,
# at its end.
GROUPED = textwrap.dedent(
    """\
    # Example

    One.[[grad-is-three]] Two.[[leaf-keeps-grad]] And a last word.

    - item one[[cuda-does-the-same cite=https://example.org/cuda]]
    - item two, plain
        - nested[[nested-one cite=https://example.org/a]]

    | a | b |
    | --- | --- |
    | cell[[cell-one cite=https://example.org/b]] | other[[cell-two cite=https://example.org/c]] |

    ```python exec="on" source="above" result="text"
    --8<-- "snippets/demo/example.py"
    ```
    """
)


def test_a_paragraph_gets_one_mark_at_its_end_naming_its_claims(tmp_path):
    ledger = _ledger(_project(tmp_path, en=GROUPED, zh=GROUPED))
    assert not ledger.errors, ledger.errors
    page = "demo/index.en.md"
    rendered = markdown.markdown(
        render.marks(GROUPED, page, ledger, "../claims/"), extensions=["tables"]
    )
    html = render.group(rendered, page, ledger)
    marks = re.findall(
        r'<a href="([^"]*)" class="gs-claim__mark ([^"]*)" data-claim="([^"]*)" '
        r'data-claims="([^"]*)" aria-label="([^"]*)"></a>',
        html,
    )
    assert [(m[0], m[1], m[3]) for m in marks] == [
        ("../claims/#grad-is-three", "gs-claim__mark--asserted", "grad-is-three leaf-keeps-grad"),
        ("../claims/#cuda-does-the-same", "gs-claim__mark--cited", "cuda-does-the-same"),
        ("../claims/#nested-one", "gs-claim__mark--cited", "nested-one"),
        ("../claims/#cell-one", "gs-claim__mark--cited", "cell-one"),
        ("../claims/#cell-two", "gs-claim__mark--cited", "cell-two"),
    ]
    assert marks[0][4] == "This paragraph makes 2 claims: show how each is checked"
    assert 'And a last <span class="gs-claim__end">word.<a href' in html, (
        "the mark ends its paragraph, on one line with the word before it"
    )
    assert (
        'item <span class="gs-claim__end">one<span' in html
        and "claim cannot run here, so its source is cited" in html
    )
    assert re.search(r">one<span[^>]*></span><a [^>]*></a></span>\s*</li>", html), html
    assert re.search(r">nested<span[^>]*></span><a [^>]*></a></span>\s*</li>", html), html
    # every sentence keeps its anchor, without its href (the mark has it)
    for claim in ("grad-is-three", "leaf-keeps-grad", "cuda-does-the-same", "nested-one"):
        assert f'<span class="gs-claim__at" id="claim-{claim}"></span>' in html
    assert "data-href" not in html
    zh = render.group(
        markdown.markdown(render.marks(GROUPED, "demo/index.zh.md", ledger, "../claims/")),
        "demo/index.zh.md",
        ledger,
    )
    assert 'aria-label="本段有 2 条结论：查看每条如何检查"' in zh


def test_the_grouping_can_fail():
    """Without the block ends, every claim of the page would share one mark."""
    assert render._BLOCK_END.search("a</p>") and render._BLOCK_END.search("a<ul>")
    assert not render._BLOCK_END.search("a <code>x</code> <em>b</em> <a href='#'>c</a>")


def test_releases_say_pinned_only_or_the_span(tmp_path):
    from gradsite import matrix

    claim = _ledger(_project(tmp_path)).claims["en"][0]
    example = "snippets/demo/example.py"
    ok, bad = {"status": "passed"}, {"status": "failed"}
    assert render.releases(claim, "en", {example: {matrix.PINNED: ok}}) == (
        f"Checked on PyTorch {'.'.join(matrix.PINNED.split('.')[:2])} only so far."
    )
    current = {example: {"2.0.1": bad, "2.1.2": ok, "2.2.2": ok, matrix.PINNED: ok}}
    assert render.releases(claim, "en", current).startswith(
        "The example passes unchanged on PyTorch 2.1–"
    )
    assert render.releases(claim, "zh", current).startswith("该示例在 PyTorch 2.1–")


def test_the_claims_table_flags_claims_without_a_drift_case(tmp_path):
    ledger = _ledger(_project(tmp_path))
    body = render.table(ledger, "en", lambda page, anchor: f"../demo/#{anchor}", {})
    assert body.startswith("## Example {#demo}")
    assert '<tr id="grad-is-three" class="gs-claims__no-drift">' in body
    assert '<a href="../demo/#claim-grad-is-three">After <code>y.backward()</code>' in body
    assert "snippets/demo/example.py:8</code>" in body
    assert 'Cited: <a href="https://example.org/cuda">' in body
    assert body.count("no drift case") == 2
    assert ">not run yet<" in body


def test_a_claim_no_release_can_break_alone_shows_why_and_cannot_go_stale(tmp_path):
    root = _project(tmp_path)
    _drift(root, no_drift={"leaf-keeps-grad": "a leaf is a leaf"})
    assert claims.drift(root)[1] == {"leaf-keeps-grad": "a leaf is a leaf"}
    read = _ledger(root)
    assert not read.errors, read.errors
    body = render.table(read, "en", lambda page, anchor: None, {})
    assert "no drift case</span> — no release change breaks it alone: a leaf is a leaf" in body
    # still counted as without a case
    assert read.counts("en").drift == 0
    # a reason for a claim that has a case, or that no page makes, is an error
    _drift(
        root,
        {"leaves lose grad": ("import torch", "snippets/demo/example.py", "leaf-keeps-grad")},
        {"leaf-keeps-grad": "x", "gone-claim": "y"},
    )
    errors = _ledger(root).errors
    assert any("leaf-keeps-grad cannot drift alone, but 'leaves lose grad'" in e for e in errors)
    # a claim of an example no built page includes (a build of one chapter) is not stale
    (root / "snippets/other").mkdir()
    (root / "snippets/other/x.py").write_text("# claim: other-claim\nassert True\n")
    _drift(root, no_drift={"other-claim": "x"})
    assert not _ledger(root).errors
    assert any("NO_DRIFT names gone-claim, a claim no example asserts" in e for e in errors)


def test_notebooks_and_copies_lose_the_marks():
    text = "It raises.[[x-raises]] Code `a[[0]]` stays.\n\n[[claims-summary]]\n"
    assert render.strip(text) == "It raises. Code `a[[0]]` stays.\n\n\n"


def test_unmarked_lists_behaviour_sentences_without_a_mark():
    text = textwrap.dedent(
        """\
        # Title

        Autograd records the graph. `x.grad` returns None after that.[[grad-none]] Then
        `backward()` raises a RuntimeError. A plain remark follows here.

        ```python
        assert x.grad == 3  # code is not prose
        ```

        | table | returns 3 |
        """
    )
    found = unmarked(text, "en")
    assert found == [
        (3, "Autograd records the graph."),
        (3, "Then `backward()` raises a RuntimeError."),
    ], found
    items = "Two rules:\n\n- it returns 1;\n- it raises.[[it-raises]]\n"
    assert unmarked(items, "en") == [(3, "it returns 1;")]
    zh = "它会抛出 RuntimeError。[[x-raises]]第二次调用返回 None。这句话没有行为。\n"
    assert unmarked(zh, "zh") == [(1, "第二次调用返回 None。")]


def test_unmarked_command_runs_on_a_real_page():
    done = subprocess.run(
        [sys.executable, "-m", "gradsite.claims", "unmarked", "docs/retention/index.en.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("docs/retention/index.en.md:"), done.stdout[:300]
    assert "look like behaviour statements without a claim mark" in done.stdout


# --- the real site's build ------------------------------------------------------------------


def _built_text(html: str) -> str:
    """A page's text as a reader sees it, code blocks and scripts left out."""
    html = re.sub(r"<(script|pre)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_every_mark_is_rendered_and_the_claims_pages_count_them(site):
    pages = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    ledger = claims.Ledger.read(ROOT / "docs", ROOT, pages)
    assert ledger.errors == []
    for language in LANGUAGES:
        prefix = url_prefix(language)
        for chapter in CHAPTERS:
            html = site.page(f"{prefix}{chapter}")
            page = f"{chapter}/index.{language}.md"
            mine = ledger.on_page(page)
            anchors = re.findall(
                r'<span class="gs-claim__at" id="claim-([a-z0-9-]+)"></span>', html
            )
            assert anchors == list(mine), f"{page}: every claim keeps its anchor, in page order"
            marks = html.count('class="gs-claim__mark ')
            assert 0 < marks < len(mine), f"{page}: {marks} marks for {len(mine)} claims"
            assert not re.search(r"</a>\s*<a [^>]*gs-claim__mark", html), (
                f"{page}: two marks in a row"
            )
            assert "[[" not in _built_text(html), f"a claim mark left as text on {page}"
        summary = render.summary(ledger, f"claims/index.{language}.md", language, None)
        words = re.split(r"`[^`]*`", summary)[0]  # the sentence up to its first code span
        assert words in _built_text(site.page(f"{prefix}claims")), words
        table = site.page(f"{prefix}claims")
        assert table.count("<tr id=") == len(ledger.claims[language])


def test_the_site_meets_its_claim_targets():
    """Every chapter marks its claims; site-wide, at least 95 % of the claims are asserted (the
    rest cited) and at least 60 % of the asserted ones have a drift case (issue 20's targets):
    a page that adds unproven or uncovered claims fails here, naming the counts."""
    pages = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    ledger = claims.Ledger.read(ROOT / "docs", ROOT, pages)
    for language in LANGUAGES:
        site = ledger.counts(language).fields()
        assert site["asserted"] + site["cited"] == site["claims"], site
        assert site["asserted_pct"] >= 95, f"{language}: {site}"
        assert site["drift_pct"] >= 60, f"{language}: {site}"
        for chapter in CHAPTERS:
            page = f"{chapter}/index.{language}.md"
            assert ledger.counts(language, page).claims, f"{page} marks no claim"
