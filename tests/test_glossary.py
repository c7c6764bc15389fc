"""The glossary: one table per language, shown as tooltips wherever a term appears."""

from __future__ import annotations

import re

import markdown
import pytest
from gradsite.glossary import terms, variants, variants_in
from gradsite.project import ROOT


def _render(text: str, glossary: dict[str, str], first_uses_only: bool = True) -> str:
    config = {"glossary": glossary, "first_uses_only": first_uses_only}
    return markdown.markdown(
        text, extensions=["gradsite.glossary"], extension_configs={"gradsite.glossary": config}
    )


def test_both_languages_define_the_same_number_of_terms():
    zh, en = terms(ROOT / "docs", "zh"), terms(ROOT / "docs", "en")
    assert len(zh) == len(en) >= 10
    assert zh["叶子节点"].startswith("leaf tensor：")
    assert "`" not in "".join(zh.values()) + "".join(en.values())


def test_terms_are_found_inside_chinese_text_longest_first():
    html = _render(
        "它是非叶子节点，不是叶子节点的副本。", {"叶子节点": "leaf", "非叶子节点": "non-leaf"}
    )
    assert '<abbr title="non-leaf">非叶子节点</abbr>' in html
    assert '<abbr title="leaf">叶子节点</abbr>的副本' in html


def test_latin_terms_still_need_word_boundaries():
    html = _render(
        "A leaf tensor, not leaf tensors or a non-leaf tensor.",
        {"leaf tensor": "L", "non-leaf tensor": "N"},
    )
    assert html.count('<abbr title="L">') == 1
    assert html.count('<abbr title="N">') == 1


def test_code_is_left_alone():
    assert "<abbr" not in _render("`叶子节点`", {"叶子节点": "leaf"})


def test_built_pages_carry_the_tooltips(site):
    assert 'title="leaf tensor：' in site.page("retention")
    assert '<abbr title="A tensor whose grad_fn is None' in site.page("en/retention")


CHAPTERS = [
    "",
    "retention",
    "zeroing",
    "detach",
    "accumulation",
    "versions",
    "references",
    "glossary",
]
_PART = re.compile(r"<h[12][ >]")
_HEADING = re.compile(r"<(h[1-6])[ >].*?</\1>", re.S)
_ABBR = re.compile(r"<abbr title=\"[^\"]*\">(.*?)</abbr>")


def overmarked(html: str) -> list[str]:
    """Glossary marks inside a heading, and terms marked twice in one h2 section."""
    problems = [f"in a heading: {m[0][:80]}" for m in _HEADING.finditer(html) if "<abbr" in m[0]]
    for number, part in enumerate(_PART.split(html)):
        terms = _ABBR.findall(part)
        problems += [
            f"section {number}: {t!r} marked {terms.count(t)} times"
            for t in sorted(set(terms))
            if terms.count(t) > 1
        ]
    return problems


def test_a_term_is_marked_once_and_never_in_a_heading():
    html = _render(
        "# 叶子节点\n\n叶子节点与叶子节点。\n\n还是叶子节点。\n\n"
        "## 非叶子节点 {#x}\n\n叶子节点，非叶子节点，叶子节点。",
        {"叶子节点": "leaf", "非叶子节点": "non-leaf"},
    )
    assert not overmarked(html), overmarked(html)
    assert html.count('<abbr title="leaf">') == 1  # its first use in the text, not in the title
    assert html.count('<abbr title="non-leaf">') == 1  # not in its heading, once in the text


def test_the_overmarking_check_can_fail():
    """Without the first-uses-only pass, the same text is caught by the check above."""
    html = _render(
        "## 叶子节点 {#x}\n\n叶子节点与叶子节点。", {"叶子节点": "leaf"}, first_uses_only=False
    )
    problems = overmarked(html)
    assert any("in a heading" in p for p in problems) and any(
        "marked 3 times" in p for p in problems
    ), problems


@pytest.mark.parametrize("language", ["zh", "en"])
def test_built_pages_mark_each_term_once_per_section(site, language):
    prefix = "" if language == "zh" else "en/"
    found = {page or "home": overmarked(site.page(prefix + page)) for page in CHAPTERS}
    assert not any(found.values()), {page: p for page, p in found.items() if p}


def test_marks_are_comparable_in_both_languages(site):
    """The zh accumulation page had 43 marks to en's 28: both now mark each term's first use."""
    for page in CHAPTERS[1:5]:
        zh, en = (site.page(prefix + page).count("<abbr ") for prefix in ("", "en/"))
        assert abs(zh - en) <= max(5, 0.3 * max(zh, en)), f"{page}: {zh} marks in zh, {en} in en"


def test_glossary_rows_list_the_variants_they_replace():
    zh = variants(ROOT / "docs", "zh")
    assert zh["叶节点"] == "叶子节点" and zh["非叶节点"] == "非叶子节点"
    assert variants(ROOT / "docs", "en")["leaf node"] == "leaf tensor"


def test_a_variant_is_found_in_prose_not_in_code():
    found = variants_in(
        "叶子节点很好。\n这里写成了叶节点，\n`叶节点` 在代码里不算。\n\n```python\n# 叶节点\n```\n非叶节点也不行。\n",
        {"叶节点": "叶子节点", "非叶节点": "非叶子节点"},
    )
    assert found == [(2, "叶节点", "叶子节点"), (8, "非叶节点", "非叶子节点")]
    assert variants_in("A Leaf node here, leaf nodes there.", {"leaf node": "leaf tensor"}) == [
        (1, "Leaf node", "leaf tensor")
    ]
