"""Each way a page or an example can be wrong fails the strict build, by name.

Small broken projects (tests/broken.py), each carrying one mistake or a few independent ones
and built strict on its own (tests/conftest.py builds them once per session, in the
background), must report each, naming the snippet file and line, the page and the language.
No check depends on another project's mistakes or on the order they were made in.
"""

from __future__ import annotations

import re

from gradsite.project import LANGUAGES, failure, page_source

from broken import (
    ADDRESS,
    CLAIM_CODE,
    CLAIMS,
    FAILING,
    FAILS,
    FLOODS,
    HANGS,
    MISSING,
    PROJECTS,
    RAISES,
    READS_STDIN,
    SYNTAX,
    TIME_LIMIT,
    VARIANT,
    WARNS,
    ZH_ONLY,
    line_of,
    project_of,
)


def _named(log: str, position: str) -> None:
    for lang in LANGUAGES:
        expected = failure(position, None, page_source("retention", lang), lang)
        assert expected in log, f"missing: {expected}\n" + log[-4000:]


def _at(snippet: str, needle: str) -> str:
    return f"{snippet}:{line_of(FAILING[snippet], needle)}"


def test_failing_assert_names_file_line_page_language_and_shows_the_output_so_far(broken):
    result = broken["failing"]
    _named(result.log, _at(FAILS, "assert a.retains_grad"))
    assert "AssertionError" in result.log
    assert "printed before it failed:" in result.log and "c.grad = tensor(120.)" in result.log


def test_exception_in_example(broken):
    result = broken["failing"]
    _named(result.log, _at(RAISES, ".backward()"))
    assert "RuntimeError: element 0 of tensors does not require grad" in result.log


def test_syntax_error_in_snippet(broken):
    result = broken["failing"]
    _named(result.log, _at(SYNTAX, "def broken(:"))
    assert "SyntaxError" in result.log


def test_warning_escaping_an_example_fails_at_its_line(broken):
    """A warning an example does not catch would be lost on the page: fail where it is raised."""
    result = broken["failing"]
    _named(result.log, _at(WARNS, "print(c.grad)"))
    assert "UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor" in result.log


def test_hanging_example_is_stopped_by_the_time_limit(broken):
    result = broken["hangs"]
    line = re.search(rf"{HANGS}:(\d+): example failed", result.log)
    assert line and line[1] in ("7", "8"), result.log[
        -3000:
    ]  # the loop, wherever the alarm caught it
    _named(result.log, f"{HANGS}:{line[1]}")
    assert (
        f"ExampleTimeout: the example ran longer than {TIME_LIMIT} s (GRADSITE_TIME_LIMIT)"
        in result.log
    )


def test_a_hanging_example_costs_one_time_limit_not_one_per_page_and_figure(broken):
    """Both languages' pages show it and a figure draws it in each: it starts once (it counts
    its starts in a file), the other three get its failure, and the figure says so."""
    result = broken["hangs"]
    starts = (project_of(result) / HANGS).with_suffix(".starts").read_text(encoding="utf-8")
    assert starts.count("started") == 1, starts
    assert f"ExampleFailed: {HANGS} failed earlier in this build, not run again" in result.log


def test_runaway_output_is_stopped_by_the_output_limit(broken):
    result = broken["refused"]
    _named(result.log, f"{FLOODS}:2")
    assert (
        "OutputLimit: the example printed more than 1000000 characters (GRADSITE_OUTPUT_LIMIT)"
        in result.log
    )
    pages = [result.site / "retention/index.html", result.site / "en/retention/index.html"]
    assert all(page.stat().st_size < 2_000_000 for page in pages if page.exists())


def test_memory_address_in_output_is_rejected_by_name(broken):
    result = broken["refused"]
    _named(result.log, ADDRESS)
    assert "memory address: 'at 0x" in result.log


def test_reading_standard_input_fails_clearly(broken):
    result = broken["refused"]
    _named(result.log, f"{READS_STDIN}:1")
    assert "examples cannot read standard input" in result.log


def test_example_in_one_language_only(broken):
    result = broken["twins"]
    assert (
        "docs/retention/index.zh.md and docs/retention/index.en.md differ in their included examples: "
        f"only in zh: {ZH_ONLY}. Include each example in both languages, at the same place."
    ) in result.log


def test_heading_ids_differ_between_languages(broken):
    result = broken["twins"]
    assert re.search(
        r"docs/retention/index.zh.md and docs/retention/index.en.md differ in their heading ids: "
        r"only in zh: chain-rule-2400; only in en: chain-rule\. Give a heading the same \{#id\}",
        result.log,
    ), result.log[-3000:]


def test_page_without_twin(broken):
    result = broken["twins"]
    assert "docs/references/index.zh.md has no en twin" in result.log


def test_broken_link(broken):
    result = broken["links"]
    assert "Doc file 'index.en.md' contains a link 'retention/missing.md'" in result.log


def test_broken_anchor(broken):
    result = broken["links"]
    assert "index.zh.md" in result.log and "#no-such-heading" in result.log


def test_missing_snippet(broken):
    result = broken["missing"]
    assert "Error reading page 'versions/index.en.md'" in result.log
    assert f"{MISSING}' could not be found" in result.log


def test_glossary_variant_in_a_page_names_page_language_line_and_the_term(broken):
    result = broken["links"]
    for lang, (variant, term) in VARIANT.items():
        page = PROJECTS["links"].pages[f"retention/index.{lang}.md"]
        expected = (
            f"docs/retention/index.{lang}.md:{line_of(page, variant)}: language {lang}: "
            f'"{variant}" is a variant '
            f'of the glossary term "{term}": write "{term}"'
        )
        assert expected in result.log, f"missing: {expected}\n" + result.log[-4000:]


# --- the claims (gradsite/claims/) ------------------------------------------------------


def _marks_line(lang: str) -> int:
    return line_of(PROJECTS["claims"].pages[f"retention/index.{lang}.md"], "Nothing proves")


def test_a_claim_no_assert_on_its_page_proves(broken):
    result = broken["claims"]
    for lang in LANGUAGES:
        expected = (
            f"docs/retention/index.{lang}.md:{_marks_line(lang)}: language {lang}: claim "
            "no-proof-anywhere names no assert of an example on this page: put "
            "'# claim: no-proof-anywhere' right above the assert that proves it in one of "
        )
        assert expected in result.log, f"missing: {expected}\n" + result.log[-4000:]
        assert "or cite its source: [[no-proof-anywhere cite=<URL>]]" in result.log


def test_a_claim_comment_no_page_including_the_example_makes(broken):
    result = broken["claims"]
    line = line_of(CLAIM_CODE, "assert x > 1")  # the assert it stands above
    assert (
        f"{CLAIMS}:{line}: '# claim: orphan-claim-here' names a claim that no page including {CLAIMS} "
        "makes in language zh, en (docs/retention/index.zh.md, docs/retention/index.en.md): add "
        "[[orphan-claim-here]] after the sentence it proves, or remove the comment"
    ) in result.log, result.log[-4000:]


def test_a_claim_comment_not_above_an_assert(broken):
    result = broken["claims"]
    line = line_of(CLAIM_CODE, "misplaced-claim-comment")
    assert (
        f"{CLAIMS}:{line}: '# claim: misplaced-claim-comment' is not directly above an assert "
        "statement (line 8 is 'print(x + 1)')"
    ) in result.log, result.log[-4000:]


def test_languages_that_differ_in_their_claims(broken):
    result = broken["claims"]
    assert (
        "docs/index.zh.md and docs/index.en.md differ in their claims: only in zh: "
        "only-in-chinese. Mark the same sentences with the same ids, in the same order, in both "
        "languages."
    ) in result.log, result.log[-4000:]


def test_a_claim_id_used_twice(broken):
    result = broken["claims"]
    for lang in LANGUAGES:
        line = _marks_line(lang)
        expected = (
            f"docs/retention/index.{lang}.md:{line}: language {lang}: claim twice-used-claim is "
            f"used twice (first at docs/retention/index.{lang}.md:{line}): give each sentence "
            "its own id"
        )
        assert expected in result.log, f"missing: {expected}\n" + result.log[-4000:]


def test_a_malformed_claim_id(broken):
    result = broken["claims"]
    for lang in LANGUAGES:
        expected = (
            f"docs/retention/index.{lang}.md:{_marks_line(lang)}: language {lang}: malformed "
            "claim mark [[Bad_Id]]: write [[<id>]] or [[<id> cite=<URL>]]"
        )
        assert expected in result.log, f"missing: {expected}\n" + result.log[-4000:]


def test_a_citation_whose_url_differs_between_languages(broken):
    result = broken["claims"]
    assert (
        "docs/retention/index.zh.md and docs/retention/index.en.md: claim cited-claim-here cites "
        "https://example.org/zh in zh but https://example.org/en in en: cite the same URL"
    ) in result.log, result.log[-4000:]


def test_the_log_says_each_thing_once(broken):
    """The runner's report without markdown-exec's repeat of the block and its traceback; a
    missing matrix row named once, not once per language."""
    log = broken["failing"].log
    assert "Execution of python code block" not in log
    rows = re.findall(r"^INFO +- +(\S+): no current row in data/matrix\.json", log, re.M)
    assert rows and len(rows) == len(set(rows)), rows  # no example of it is in data/matrix.json


def test_the_strict_abort_counts_every_error_of_the_build():
    """MkDocs counts only the build that raises, the last language's nested one (two errors in
    zh and one in en read "Aborted with 1 errors"): the hook rewrites it with the whole build's."""
    import logging

    from gradsite import hooks
    from mkdocs.exceptions import Abort

    logger = logging.getLogger("mkdocs.hooks.gradsite")
    try:
        hooks.buildlog.count_from_here()  # as on_config does when a build starts
        for message in ("zh: one", "zh: two", "en: three"):
            logger.error(message)
        logger.warning("a warning")
        error = Abort("Aborted with 1 errors in strict mode!")  # what the en build raises
        hooks.on_build_error(error=error)
        assert error.message == "Aborted with 3 errors, 1 warning in strict mode!"
        hooks.buildlog.count_from_here()  # the next build counts from zero
        logger.error("once")
        error = Abort("Aborted with 1 errors in strict mode!")
        hooks.on_build_error(error=error)
        assert error.message == "Aborted with 1 error in strict mode!"
    finally:  # no count left behind for the next test in this process
        root = logging.getLogger("mkdocs")
        for handler in [h for h in root.handlers if isinstance(h, hooks.buildlog.BuildCount)]:
            root.removeHandler(handler)
