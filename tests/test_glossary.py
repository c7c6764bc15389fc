"""The glossary: one table per language, shown as tooltips wherever a term appears."""

from __future__ import annotations

import markdown
from gradsite.glossary import terms
from gradsite.project import ROOT


def _render(text: str, glossary: dict[str, str]) -> str:
    return markdown.markdown(
        text,
        extensions=["gradsite.glossary"],
        extension_configs={"gradsite.glossary": {"glossary": glossary}},
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
