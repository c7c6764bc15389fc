"""Each way a page or an example can be wrong fails the strict build, by name.

One deliberately broken copy of the project carries every kind of mistake at
once, and one strict build of it (the retention chapter and the pages outside
chapters, links checked) must report each, naming the snippet file and line,
the page and the language. A missing snippet stops MkDocs reading the page, so
it has a build of its own (examples off: it fails before any runs).
"""

from __future__ import annotations

import re

import pytest

from sitebuild import Build, build, copy_project

FAILS = "snippets/retention/retain_grad.py"  # an assert made false
RAISES = "snippets/retention/leaf_and_non_leaf.py"  # an exception at its last line
SYNTAX = "snippets/retention/autograd_grad.py"  # a syntax error at its last line
WARNS = "snippets/retention/chain_rule_2400.py"  # a warning it lets escape
# New examples of the broken copy, each included by both retention pages.
NEW = {
    "snippets/retention/zz_hangs.py": 'print("about to loop")\nwhile True:\n    pass\n',
    "snippets/retention/zz_floods.py": "for i in range(2_000_000):\n    print(i)\n",
    "snippets/retention/zz_address.py": "import torch\n\nx = torch.ones(1, requires_grad=True)\nprint((x * 2).grad_fn)\n",
    "snippets/retention/zz_reads_stdin.py": "name = input()\nprint(name)\n",
}
ZH_ONLY = "snippets/retention/zz_zh_only.py"
TIME_LIMIT = "5"  # seconds; every real example of the chapter takes well under one


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _append(path, text):
    with open(path, "a", encoding="utf-8") as file:
        file.write(text)


def _fence(snippet):
    return f'\n```python exec="on" source="above" result="text"\n--8<-- "{snippet}"\n```\n'


def _lines(path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> tuple[Build, dict]:
    project = copy_project(tmp_path_factory.mktemp("broken") / "project")
    _edit(project / FAILS, "== 120", "== 121")
    _append(project / RAISES, "torch.zeros(1).backward()\n")
    _append(project / SYNTAX, "def broken(:\n")
    _edit(project / WARNS, 'print("a.grad =", a.grad)', 'print("a.grad =", a.grad, c.grad)')
    for path, code in {**NEW, ZH_ONLY: 'print("only in Chinese")\n'}.items():
        (project / path).write_text(code, encoding="utf-8")
    for lang in ("zh", "en"):
        _append(project / f"docs/retention/index.{lang}.md", "".join(_fence(p) for p in NEW))
    _append(project / "docs/retention/index.zh.md", _fence(ZH_ONLY))
    _edit(project / "docs/retention/index.en.md", "{#chain-rule-2400}", "{#chain-rule}")
    (project / "docs/references/index.en.md").unlink()
    _edit(project / "docs/index.en.md", "(retention/index.md)", "(retention/missing.md)")
    _edit(project / "docs/index.zh.md", "(retention/index.md)", "(retention/index.md#no-such-heading)")
    lines = {path: _lines(project / path) for path in (FAILS, RAISES, SYNTAX)}
    lines[WARNS] = next(n for n, t in enumerate((project / WARNS).read_text().splitlines(), 1) if "c.grad)" in t)
    lines[FAILS] = next(n for n, t in enumerate((project / FAILS).read_text().splitlines(), 1) if "== 121" in t)
    result = build(tmp_path_factory.mktemp("broken-site") / "site", project=project, only="retention",
                   links=True, env={"GRADSITE_TIME_LIMIT": TIME_LIMIT})
    assert result.returncode != 0, "the broken build passed:\n" + result.log[-3000:]
    return result, lines


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
    assert line and line[1] in ("2", "3"), result.log[-3000:]  # the loop, wherever the alarm caught it
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


def test_missing_snippet(tmp_path):
    project = copy_project(tmp_path / "project")
    _edit(project / "docs/retention/index.en.md", FAILS, "snippets/retention/no_such_example.py")
    result = build(tmp_path / "site", project=project, only="retention", env={"GRADSITE_NO_EXEC": "1"})
    assert result.returncode != 0
    assert "Error reading page 'retention/index.en.md'" in result.log
    assert "snippets/retention/no_such_example.py' could not be found" in result.log
