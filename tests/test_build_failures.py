"""Each way a page or an example can be wrong fails the strict build, by name."""

from __future__ import annotations

import pytest

from sitebuild import build, copy_project

EXAMPLE = "snippets/retention/retain_grad.py"


@pytest.fixture
def project(tmp_path):
    return copy_project(tmp_path / "project")


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _failed(project, tmp_path):
    result = build(tmp_path / "site", project=project)
    assert result.returncode != 0, "the build should have failed:\n" + result.log[-3000:]
    return result.log


def test_failing_assert_names_file_line_page_and_language(project, tmp_path):
    _edit(project / EXAMPLE, "== 120", "== 121")
    log = _failed(project, tmp_path)
    line = next(n for n, text in enumerate((project / EXAMPLE).read_text().splitlines(), 1) if "== 121" in text)
    for lang in ("zh", "en"):
        assert f"{EXAMPLE}:{line}: example failed on page docs/retention/index.{lang}.md, language {lang}" in log
    assert "AssertionError" in log


def test_exception_in_example(project, tmp_path):
    _edit(project / EXAMPLE, "d.backward()", "d.backward()\nd.backward()")
    log = _failed(project, tmp_path)
    assert f"{EXAMPLE}:10: example failed on page docs/retention/index.zh.md, language zh" in log
    assert "RuntimeError: Trying to backward through the graph a second time" in log


def test_syntax_error_in_snippet(project, tmp_path):
    _edit(project / EXAMPLE, "d.backward()", "d.backward(")
    log = _failed(project, tmp_path)
    assert f"{EXAMPLE}:9: example failed on page docs/retention/index.zh.md, language zh" in log
    assert "SyntaxError" in log


def test_missing_snippet(project, tmp_path):
    _edit(project / "docs/retention/index.en.md", EXAMPLE, "snippets/retention/no_such_example.py")
    log = _failed(project, tmp_path)
    assert "Error reading page 'retention/index.en.md'" in log
    assert "snippets/retention/no_such_example.py' could not be found" in log


def test_page_without_twin(project, tmp_path):
    (project / "docs/references/index.en.md").unlink()
    log = _failed(project, tmp_path)
    assert "docs/references/index.zh.md has no en twin" in log


def test_broken_link(project, tmp_path):
    _edit(project / "docs/index.en.md", "(retention/index.md)", "(retention/missing.md)")
    log = _failed(project, tmp_path)
    assert "Doc file 'index.en.md' contains a link 'retention/missing.md'" in log


def test_broken_anchor(project, tmp_path):
    _edit(project / "docs/index.zh.md", "(retention/index.md)", "(retention/index.md#no-such-heading)")
    log = _failed(project, tmp_path)
    assert "index.zh.md" in log and "#no-such-heading" in log


def test_warning_escaping_an_example(project, tmp_path):
    """A warning an example does not catch would be lost on the page: fail instead."""
    example = "snippets/retention/chain_rule_2400.py"
    _edit(project / example, 'print("a.grad =", a.grad)', 'print("a.grad =", a.grad, c.grad)')
    log = _failed(project, tmp_path)
    assert f"{example}: example failed on page docs/retention/index.zh.md, language zh" in log
    assert "UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor" in log
