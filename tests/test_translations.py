"""Translation freshness (tests/translations.py): a section changed in one language only fails.

data/translations.json records, per page and section (by heading id), a hash
of each language's text as it was when both said the same. `make
translations-ok` rewrites it.
"""

from __future__ import annotations

import shutil

import translations
from sitebuild import ROOT


def test_every_section_says_the_same_as_when_last_recorded():
    problems = translations.stale(translations.current(), translations.load())
    assert not problems, (
        "A section changed since data/translations.json was written:\n" + "\n".join(problems)
    )


def test_the_record_covers_every_page_and_section():
    state = translations.current()
    assert set(state) >= {
        "index",
        "retention/index",
        "zeroing/index",
        "detach/index",
        "accumulation/index",
    }
    assert {"top", "why-zero", "set-to-none", "summary"} <= set(state["zeroing/index"])
    assert all(set(hashes) == {"zh", "en"} for page in state.values() for hashes in page.values())


def test_one_sentence_changed_in_english_alone_fails_naming_page_and_section(tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    record = tmp_path / "translations.json"
    translations.record(record, docs)
    assert translations.stale(translations.current(docs), translations.load(record)) == []

    page = docs / "zeroing" / "index.en.md"
    text = page.read_text(encoding="utf-8")
    sentence = next(
        line
        for line in text.splitlines()[text.splitlines().index("## Why zero at all {#why-zero}") :]
        if line[:1].isalpha()
    )
    page.write_text(text.replace(sentence, sentence + " A planted sentence.", 1), encoding="utf-8")
    problems = translations.stale(translations.current(docs), translations.load(record))
    assert len(problems) == 1, problems
    assert problems[0].startswith("docs/zeroing/index.*.md, section #why-zero: the en text changed")
    assert "its zh twin did not" in problems[0] and "make translations-ok" in problems[0]

    # The zh twin updated too: still named (both changed) until recorded, then clear.
    zh = docs / "zeroing" / "index.zh.md"
    zh.write_text(
        zh.read_text(encoding="utf-8").replace(
            "## 为什么要清零 {#why-zero}\n", "## 为什么要清零 {#why-zero}\n\n补一句。\n", 1
        ),
        encoding="utf-8",
    )
    problems = translations.stale(translations.current(docs), translations.load(record))
    assert problems == [
        "docs/zeroing/index.*.md, section #why-zero: both languages changed; "
        "once they say the same, run `make translations-ok`"
    ]
    assert translations.record(record, docs) == 1
    assert translations.stale(translations.current(docs), translations.load(record)) == []


def test_a_heading_inside_a_code_fence_is_no_section():
    text = (
        "# Title\n\nintro\n\n```python\n# not a heading {#nope}\n```\n\n## Real {#real}\n\nbody\n"
    )
    assert list(translations.sections(text)) == ["top", "real"]
    # Blank lines and trailing spaces are not a change of words; a changed word is.
    assert translations.digest("a\n\nb  \n") == translations.digest("a\nb")
    assert translations.digest("a\nb") != translations.digest("a\nc")
