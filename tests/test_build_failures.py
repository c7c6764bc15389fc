"""Each way a page or an example can be wrong fails the strict build, by name.

One deliberately broken copy of the project carries every kind of mistake at
once, and one strict build of it (the retention chapter and the pages outside
chapters, links checked) must report each, naming the snippet file and line,
the page and the language (tests/broken.py makes it; tests/conftest.py builds it
once per session, in the background).
"""

from __future__ import annotations

import re

from broken import FAILS, MISSING, RAISES, SYNTAX, TIME_LIMIT, VARIANT, WARNS, ZH_ONLY


def _named(log: str, position: str) -> None:
    for lang in ("zh", "en"):
        expected = f"{position}: example failed on page docs/retention/index.{lang}.md, language {lang}"
        assert expected in log, f"missing: {expected}\n" + log[-4000:]


def test_failing_assert_names_file_line_page_language_and_shows_the_output_so_far(broken):
    result, lines = broken
    _named(result.log, f"{FAILS}:{lines[FAILS]}")
    assert "AssertionError" in result.log
    assert "printed before it failed:" in result.log and "c.grad = tensor(120.)" in result.log


def test_exception_in_example(broken):
    result, lines = broken
    _named(result.log, f"{RAISES}:{lines[RAISES]}")
    assert "RuntimeError: element 0 of tensors does not require grad" in result.log


def test_syntax_error_in_snippet(broken):
    result, lines = broken
    _named(result.log, f"{SYNTAX}:{lines[SYNTAX]}")
    assert "SyntaxError" in result.log


def test_warning_escaping_an_example_fails_at_its_line(broken):
    """A warning an example does not catch would be lost on the page: fail where it is raised."""
    result, lines = broken
    _named(result.log, f"{WARNS}:{lines[WARNS]}")
    assert "UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor" in result.log


def test_hanging_example_is_stopped_by_the_time_limit(broken):
    result, _ = broken
    line = re.search(r"snippets/retention/zz_hangs.py:(\d+): example failed", result.log)
    assert line and line[1] in ("4", "5"), result.log[-3000:]  # the loop, wherever the alarm caught it
    _named(result.log, f"snippets/retention/zz_hangs.py:{line[1]}")
    assert f"ExampleTimeout: the example ran longer than {TIME_LIMIT} s (GRADSITE_TIME_LIMIT)" in result.log


def test_runaway_output_is_stopped_by_the_output_limit(broken):
    result, _ = broken
    _named(result.log, "snippets/retention/zz_floods.py:2")
    assert "OutputLimit: the example printed more than 1000000 characters (GRADSITE_OUTPUT_LIMIT)" in result.log
    pages = [result.site / "retention/index.html", result.site / "en/retention/index.html"]
    assert all(page.stat().st_size < 2_000_000 for page in pages if page.exists())


def test_memory_address_in_output_is_rejected_by_name(broken):
    result, _ = broken
    _named(result.log, "snippets/retention/zz_address.py")
    assert "memory address: 'at 0x" in result.log


def test_reading_standard_input_fails_clearly(broken):
    result, _ = broken
    _named(result.log, "snippets/retention/zz_reads_stdin.py:1")
    assert "examples cannot read standard input" in result.log


def test_example_in_one_language_only(broken):
    result, _ = broken
    assert (
        "docs/retention/index.zh.md and docs/retention/index.en.md differ in their included examples: "
        f"only in zh: {ZH_ONLY}. Include each example in both languages, at the same place."
    ) in result.log


def test_heading_ids_differ_between_languages(broken):
    result, _ = broken
    assert re.search(
        r"docs/retention/index.zh.md and docs/retention/index.en.md differ in their heading ids: "
        r"only in zh: chain-rule-2400; only in en: chain-rule\. Give a heading the same \{#id\}", result.log
    ), result.log[-3000:]


def test_page_without_twin(broken):
    result, _ = broken
    assert "docs/references/index.zh.md has no en twin" in result.log


def test_broken_link(broken):
    result, _ = broken
    assert "Doc file 'index.en.md' contains a link 'retention/missing.md'" in result.log


def test_broken_anchor(broken):
    result, _ = broken
    assert "index.zh.md" in result.log and "#no-such-heading" in result.log


def test_missing_snippet(broken):
    result, _ = broken
    assert "Error reading page 'versions/index.en.md'" in result.log
    assert f"{MISSING}' could not be found" in result.log


def test_glossary_variant_in_a_page_names_page_language_line_and_the_term(broken):
    result, lines = broken
    for lang, (variant, term) in VARIANT.items():
        expected = (
            f'docs/retention/index.{lang}.md:{lines["variant", lang]}: language {lang}: "{variant}" is a variant '
            f'of the glossary term "{term}": write "{term}"'
        )
        assert expected in result.log, f"missing: {expected}\n" + result.log[-4000:]
