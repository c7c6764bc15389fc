"""The compatibility matrix (gradsite/matrix/): its data is current, its tools and tables work.

The first test guards the committed data/matrix.json: the pinned torch's row
must match the examples as they are (same examples, same sources); what they
do now (same pass/fail, same output) is checked where each example runs alone,
tests/test_snippets.py. The others run the tools on small projects made in
tmp_path, so each can be seen failing.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from gradsite import matrix
from gradsite.matrix import command, notes, worker
from gradsite.pages import fences
from gradsite.project import ROOT, page_source, snippets, url_prefix

# --- the committed data is current -------------------------------------------


def test_pinned_row_covers_every_example_as_it_is():
    problems = matrix.stale(matrix.load())
    names = [p.split(":")[0] for p in problems]
    assert not problems, (
        "data/matrix.json is stale for torch "
        + matrix.PINNED
        + ":\n  "
        + "\n  ".join(problems)
        + f'\nrefresh these examples on every release with: make matrix EXAMPLES="{" ".join(names)}"'
        + f"\n(or on the pinned torch only, in seconds: {matrix.refresh_command(matrix.PINNED, names)})"
    )


# What the examples do now (pass, and print what the row recorded) is checked by the run
# that proves each example runs alone: tests/test_snippets.py (one run, not two).


# --- release list ------------------------------------------------------------


def test_release_list_has_every_minor_from_1_13_once_in_order():
    keys = [matrix.version_key(r) for r in matrix.RELEASES]
    assert keys == sorted(keys) and keys[0] == (1, 13, 1)
    minors = [k[:2] for k in keys]
    assert len(set(minors)) == len(minors)
    expected = [(1, 13)] + [(2, m) for m in range(0, minors[-1][1] + 1)]
    assert minors == expected
    assert matrix.PINNED in matrix.RELEASES


def test_old_releases_get_numpy_1():
    assert command.numpy_for("2.2.2") == "numpy<2" and command.numpy_for("1.13.1") == "numpy<2"
    assert command.numpy_for("2.3.1") == "numpy"


def test_matrix_env_ignores_this_machines_pip_configuration(monkeypatch):
    monkeypatch.setenv("PIP_CONSTRAINT", "/etc/xdg/pip/constraints.txt")
    monkeypatch.setenv("PIP_FIND_LINKS", "/opt/wheels")
    env = command._pip_env()
    assert "PIP_CONSTRAINT" not in env and "PIP_FIND_LINKS" not in env
    assert env["PIP_CONFIG_FILE"] == "/dev/null" and env["PIP_NO_CACHE_DIR"] == "1"


# --- stale rows, merging -----------------------------------------------------


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _result(example, status="passed", output="aa", error=None, line=None):
    return {
        "example": example,
        "status": status,
        "error": error,
        "line": line,
        "output": output,
        "text": f"what {output} stands for\n",
    }


def test_output_texts_are_kept_once_beside_the_data_and_pruned(tmp_path):
    data = {"releases": {}}
    for release in ("2.0.1", "2.13.0"):  # two releases printing the same: one text
        matrix.record(data, release, _result("s/a.py", output="aa"), "h")
    matrix.record(
        data, "2.0.1", _result("s/b.py", status="failed", output="bb", error="E: x", line=3), "h"
    )
    matrix.save(data, tmp_path / "matrix.json")
    assert matrix.outputs_path(tmp_path / "matrix.json") == tmp_path / "matrix-outputs.json"
    again = matrix.load(tmp_path / "matrix.json")
    assert again["outputs"] == {"aa": "what aa stands for\n", "bb": "what bb stands for\n"}
    assert again["releases"]["2.0.1"]["examples"]["s/b.py"]["line"] == 3
    # A text no record names any more goes.
    matrix.record(again, "2.0.1", _result("s/b.py", output="aa"), "h")
    matrix.save(again, tmp_path / "matrix.json")
    assert matrix.load_outputs(tmp_path / "matrix.json") == {"aa": "what aa stands for\n"}


def test_stale_names_every_missing_edited_and_deleted_example(tmp_path):
    root = _project(
        tmp_path,
        {
            "snippets/a/one.py": "print(1)\n",
            "snippets/a/two.py": "print(2)\n",
            "snippets/b/three.py": "print(3)\n",
        },
    )
    data = {"releases": {}}
    for name in ("snippets/a/one.py", "snippets/a/two.py", "snippets/b/gone.py"):
        matrix.record(
            data,
            "2.13.0",
            _result(name),
            "old"
            if "two" in name
            else matrix.source_hash(name, root)
            if "gone" not in name
            else "x",
        )
    problems = matrix.stale(data, "2.13.0", root)
    assert problems == [
        "snippets/a/two.py: edited since its row was recorded",
        "snippets/b/three.py: not in the matrix",
        "snippets/b/gone.py: recorded, but no such example any more",
    ]
    assert matrix.stale(data, "2.0.1", root)[0] == "snippets/a/one.py: not in the matrix"


def test_todo_runs_only_what_is_missing_or_edited(tmp_path):
    root = _project(
        tmp_path, {"snippets/a/one.py": "print(1)\n", "snippets/a/two.py": "print(2)\n"}
    )
    data = {"releases": {}}
    wanted = ["snippets/a/one.py", "snippets/a/two.py"]
    assert matrix.todo(data, "2.0.1", wanted, root=root) == wanted
    matrix.record(
        data, "2.0.1", _result("snippets/a/one.py"), matrix.source_hash("snippets/a/one.py", root)
    )
    assert matrix.todo(data, "2.0.1", wanted, root=root) == ["snippets/a/two.py"]  # resume
    (root / "snippets/a/one.py").write_text("print(10)\n")
    assert matrix.todo(data, "2.0.1", wanted, root=root) == wanted  # edited: refreshed
    assert matrix.todo(data, "2.0.1", wanted, force=True, root=root) == wanted


def test_merge_keeps_other_rows_and_replaces_refreshed_examples(tmp_path):
    mine = {"releases": {}}
    matrix.record(mine, "2.0.1", _result("s/a.py"), "h1")
    matrix.record(mine, "2.0.1", _result("s/b.py"), "h1")
    mine["releases"]["2.0.1"]["provenance"] = {"date": "2026-01-01"}
    theirs = {"releases": {}}
    matrix.record(theirs, "2.0.1", _result("s/b.py", status="failed", output="cc", error="E"), "h2")
    matrix.record(theirs, "nightly", _result("s/a.py"), "h1")
    theirs["releases"]["nightly"]["provenance"] = {"torch": "2.16.0.dev"}
    matrix.save(theirs, tmp_path / "job.json")
    merged = matrix.merge_files(mine, [tmp_path / "job.json"])
    assert merged["releases"]["2.0.1"]["examples"]["s/a.py"]["status"] == "passed"
    assert merged["releases"]["2.0.1"]["examples"]["s/b.py"]["source"] == "h2"
    assert merged["releases"]["nightly"]["provenance"]["torch"] == "2.16.0.dev"
    assert merged["outputs"]["cc"] == "what cc stands for\n"  # the job's output texts come along
    again = {"releases": {}}
    matrix.record(again, "2.0.1", _result("s/a.py"), "h1")
    again["releases"]["2.0.1"]["provenance"] = {"date": "2099-01-01"}
    matrix.save(again, tmp_path / "again.json")
    before = json.dumps(merged)
    assert (
        json.dumps(matrix.merge_files(merged, [tmp_path / "again.json"])) == before
    )  # same results: no change
    matrix.save(merged, tmp_path / "all.json")
    assert list(json.loads((tmp_path / "all.json").read_text())["releases"]) == ["2.0.1", "nightly"]


# --- the worker ----------------------------------------------------------------


def test_worker_records_pass_failure_line_warning_crash_and_strips_paths(tmp_path):
    root = _project(
        tmp_path,
        {
            "snippets/c/ok.py": "import torch\nprint(torch.ones(2).sum().item())\n",
            "snippets/c/bad.py": "print('x')\n\nassert 1 == 2, 'no'\n",
            "snippets/c/path.py": "import os\nopen(os.path.abspath('snippets/c/missing.txt'))\n",
            "snippets/c/warn.py": "import warnings\nprint(1)\nwarnings.warn('careful')\n",
            "snippets/c/crash.py": "import os\nos.abort()\n",
            "snippets/c/leak.py": "print(object())\n",
            "snippets/c/tmp.py": "import tempfile\nprint(tempfile.gettempdir() + '/x')\n",
        },
    )
    names = sorted(p.relative_to(root).as_posix() for p in (root / "snippets").rglob("*.py"))
    results, provenance = command.run_examples(sys.executable, names, root=root)
    got = {r["example"].split("/")[-1]: r for r in results}
    assert got["ok.py"]["status"] == "passed" and got["ok.py"]["error"] is None
    assert got["bad.py"] == {
        **got["bad.py"],
        "status": "failed",
        "error": "AssertionError: no",
        "line": 3,
    }
    assert (
        got["path.py"]["error"]
        == "FileNotFoundError: [Errno 2] No such file or directory: 'snippets/c/missing.txt'"
    )
    assert str(tmp_path) not in json.dumps(results)
    assert (
        got["warn.py"]["status"] == "warned" and got["warn.py"]["error"] == "UserWarning: careful"
    )
    assert got["crash.py"]["status"] == "failed" and "SIGABRT" in got["crash.py"]["error"]
    assert got["ok.py"]["output"] != got["warn.py"]["output"]  # a hash of what each printed
    assert (
        got["ok.py"]["text"] == "2.0\n" and got["bad.py"]["text"] == "x\n"
    )  # what it printed (so far)
    # What the build rejects, the matrix never records as passed.
    assert got["leak.py"]["status"] == "failed", got["leak.py"]
    assert (
        got["leak.py"]["error"].startswith("Leak: the output changes")
        and "memory address" in got["leak.py"]["error"]
    )
    assert got["tmp.py"]["status"] == "failed" and "temporary path" in got["tmp.py"]["error"], got[
        "tmp.py"
    ]
    assert provenance["cpu"] and provenance["capability"] and provenance["threads"] >= 1
    assert provenance["torch"].startswith(matrix.PINNED)


# An object whose freeing prints, in a module with no function (whose globals would make a cycle
# that only the garbage collector frees): what a DDP example's namespace is like.
FREED = """import weakref

model = {"weights"}
weakref.finalize(model, print, "freed")
print("made")
"""


def test_worker_frees_nothing_an_example_made_before_the_fork_exits(tmp_path):
    """Freed right after a DDP model's last all-reduce, an example's objects can deadlock the
    fork (gradsite/matrix/worker.py, `_child`): whether the example ends or raises, nothing it
    made is freed, so a finalizer it defines never runs."""
    root = _project(
        tmp_path,
        {"snippets/c/ends.py": FREED, "snippets/c/raises.py": FREED + "raise ValueError('no')\n"},
    )
    ends = worker.run(str(root), "snippets/c/ends.py", threads=1)
    raises = worker.run(str(root), "snippets/c/raises.py", threads=1)
    assert ends["status"] == "passed" and ends["text"] == "made\n", ends
    assert raises["error"] == "ValueError: no" and raises["text"] == "made\n", raises


# --- words and tables --------------------------------------------------------


@pytest.fixture
def history(tmp_path):
    """Three releases: one example fails before 2.0, one passes everywhere with a changed output."""
    root = _project(
        tmp_path,
        {
            "snippets/zeroing/none.py": "import torch\nassert torch.__version__ >= '2'\n",
            "snippets/retention/fine.py": "print(1)\n",
            "docs/zeroing/index.en.md": '# Z\n\n## None it is {#set-to-none}\n\n```python exec="on"\n'
            '--8<-- "snippets/zeroing/none.py"\n```\n',
        },
    )
    data = {"releases": {}}
    for release, ok, out in (("1.13.1", False, "a"), ("2.0.1", True, "a"), ("2.1.2", True, "b")):
        none = _result(
            "snippets/zeroing/none.py",
            *(("passed", "o") if ok else ("failed", "o", "AssertionError", 2)),
        )
        matrix.record(data, release, none, matrix.source_hash("snippets/zeroing/none.py", root))
        matrix.record(
            data,
            release,
            _result("snippets/retention/fine.py", output=out),
            matrix.source_hash("snippets/retention/fine.py", root),
        )
    return data, root


def test_the_failing_line_is_found_where_a_record_counts_the_lines_without_claim_comments(
    tmp_path,
):
    """A record stays current when `# claim:` lines are added (matrix.source_hash leaves them
    out), so its line number may count the lines without them: line 3 of the file that ran
    is line 4 once a claim comment is written above the assert."""
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets/x.py").write_text(
        "x = 1\n# claim: x-is-two\nprint(x)\nassert x == 2\n", encoding="utf-8"
    )
    stale = {"line": 3, "error": "AssertionError"}
    assert notes._code("snippets/x.py", stale, tmp_path) == "assert x == 2"
    current = {"line": 4, "error": "AssertionError"}
    assert notes._code("snippets/x.py", current, tmp_path) == "assert x == 2"
    other = {"line": 3, "error": "NameError: name 'y' is not defined"}
    assert notes._code("snippets/x.py", other, tmp_path) == "print(x)"


def test_notes_in_both_languages(history):
    data, root = history
    en = notes.note("snippets/zeroing/none.py", "en", data, root)
    assert en == (
        "Runs unchanged on PyTorch 2.0 and later; fails on 1.13 and earlier: "
        "AssertionError (at `assert torch.__version__ >= '2'`)"
    )
    assert notes.note("snippets/zeroing/none.py", "zh", data, root).endswith(
        "AssertionError（出错的一行：`assert torch.__version__ >= '2'`）"
    ), "the line quoted, never numbered: the page shows no line numbers"
    assert notes.note("snippets/zeroing/none.py", "zh", data, root).startswith(
        "在 PyTorch 2.0 及之后的版本上原样通过"
    )
    assert notes.note("snippets/retention/fine.py", "en", data, root) == (
        "Runs unchanged on every PyTorch release tested here (1.13 to 2.1)."
    )


def test_an_example_run_on_the_pinned_release_alone_says_so(tmp_path):
    """Not "runs unchanged on every release tested (2.13 to 2.13)": only the pinned one ran it."""
    example = "snippets/retention/new.py"
    root = _project(tmp_path, {example: "print(1)\n"})
    data = {"releases": {}}
    for status, error in (("passed", None), ("warned", "UserWarning: w")):
        result = _result(example, status=status, error=error)
        matrix.record(data, matrix.PINNED, result, matrix.source_hash(example, root))
        pinned = notes.minor(matrix.PINNED)
        en, zh = (notes.note(example, lang, data, root) for lang in ("en", "zh"))
        assert en.startswith(f"Checked on PyTorch {pinned} only so far."), en
        assert zh.startswith(f"目前只在 PyTorch {pinned} 上检查过。"), zh
        assert "every" not in en and "每个" not in zh


def test_an_edited_example_has_no_note(history):
    data, root = history
    (root / "snippets/retention/fine.py").write_text("print(2)\n")
    assert notes.note("snippets/retention/fine.py", "en", data, root) is None


def test_table_groups_by_chapter_links_sections_and_marks_failures_and_changes(history):
    data, root = history
    page = notes.table("en", data, root)
    assert [m for m in re.findall(r'<tr class="mx-chapter"><th[^>]*>(\w+)<', page)] == [
        "retention",
        "zeroing",
    ]
    assert '<a href="../zeroing/#set-to-none">none</a>' in page
    row = re.search(r"<tr><th scope=\"row\"><a[^>]*>none</a></th>(.*?)</tr>", page)[1]
    assert row.count("mx-fail") == 1 and row.count("mx-pass") == 2
    assert (
        'title="failed: AssertionError (at `assert torch.__version__ &gt;= &#x27;2&#x27;`)"' in row
    )
    fine = re.search(r"<tr><th scope=\"row\">fine</th>(.*?)</tr>", page)[1]
    assert fine.count("◆") == 1 and fine.index("◆") > fine.index("✓") > 0  # changed at 2.1 only
    assert (
        "<summary>Failures (1)</summary>" in page
        and "snippets/zeroing/none.py</code>: 1.13 —" in page
    )


def test_changes_lists_what_starts_passing(history):
    data, root = history
    table = notes.changes("en", data, root)
    assert "| `snippets/zeroing/none.py` | 1.13 | 2.0 | AssertionError" in table
    assert "fine.py" not in table


def test_hook_marks_each_included_example_and_notes_only_those_a_release_changes(history):
    data, root = history
    same = "snippets/zeroing/same.py"
    (root / same).write_text("print(3)\n")
    for release in data["releases"]:
        matrix.record(data, release, _result(same), matrix.source_hash(same, root))
    # The second example sits in a fold (indented), as a recipe's proof does.
    markdown = (root / "docs/zeroing/index.en.md").read_text() + (
        f'\n??? note "Proof"\n\n    ```python exec="on"\n    --8<-- "{same}"\n    ```\n'
    )
    current = matrix.rows(data, root)
    from gradsite import hooks, runner

    site = hooks.Site(runner=runner.Context(root=root), matrix=(data, current))
    out = hooks._examples(markdown, fences(markdown), "zeroing/index.en.md", site)
    assert (
        '```\n\n<span class="mx-versions" data-example="snippets/zeroing/none.py"></span>\n' in out
    )
    assert f'    ```\n\n    <span class="mx-versions" data-example="{same}"></span>\n' in out
    import markdown as md

    # As the build renders it (without markdown-exec: the fences stay code, the outputs left out).
    html = md.markdown(
        re.sub(r' exec="on"( snippet="[^"]*")?', "", out),
        extensions=["pymdownx.superfences", "pymdownx.details"],
    )
    page = type("Page", (), {"file": type("File", (), {"src_uri": "zeroing/index.en.md"})()})()
    files = type("Files", (), {"get_file_from_path": lambda self, path: None})()
    content = notes.add_data(html, page, files, data, current, root)
    # none.py fails on 1.13: its note, inline code as HTML; same.py prints the same everywhere:
    # an empty marker, no note.
    assert (
        '<div class="mx-versions" data-example="snippets/zeroing/none.py">'
        '<p class="mx-note" data-search-exclude>Runs unchanged on PyTorch 2.0 and later; fails on 1.13 and earlier: '
        "AssertionError (at <code>assert torch.__version__ &gt;= '2'</code>)</p></div>"
    ) in content
    assert (
        f'</code></pre></div>\n<div class="mx-versions" data-example="{same}"></div>\n</details>'
        in content
    )
    assert content.count("mx-note") == 1 and '<span class="mx-versions"' not in content
    assert content.count('<script type="application/json" id="mx-data">') == 1


def test_a_release_that_prints_something_else_is_named_in_the_note(history):
    data, root = history
    fine = "snippets/retention/fine.py"  # prints "a" up to 2.0, "b" on 2.1
    assert notes.note(fine, "en", data, root, pinned="2.1.2") == (
        "Runs unchanged on every PyTorch release tested here (1.13 to 2.1), but prints something else on 1.13, 2.0."
    )
    assert notes.note(fine, "zh", data, root, pinned="2.1.2") == (
        "在本站测试过的每个 PyTorch 版本（1.13 至 2.1）上都原样通过，但在 1.13、2.0 上输出不同。"
    )
    current = matrix.rows(data, root)
    assert notes.differs(fine, current, "2.1.2")
    assert notes.differs("snippets/zeroing/none.py", current, "2.1.2")
    # Pinned on 2.0, 1.13 prints what 2.0 does:
    assert notes.note(fine, "en", data, root, pinned="2.0.1").endswith(
        "but prints something else on 2.1."
    )


def test_page_data_holds_each_release_and_only_the_texts_that_differ_from_the_pinned_one(
    history,
):
    data, root = history
    none, fine = "snippets/zeroing/none.py", "snippets/retention/fine.py"
    outputs = {"o": "printed before the assert\n", "a": "A\n", "b": "B\n", "unused": "X\n"}
    current = matrix.rows(data, root)
    page = notes.page_data([none, fine, none], "zh", data, current, outputs, root, "2.1.2")
    assert page["pinned"] == "2.1.2" and page["releases"] == ["1.13.1", "2.0.1", "2.1.2"]
    assert list(page["examples"]) == [none, fine]  # page order, once each
    assert page["examples"][none] == {
        "pinned": "o",
        "releases": [
            {
                "status": "failed",
                "output": "o",
                "error": "AssertionError",
                "code": "assert torch.__version__ >= '2'",
            },
            0,
            0,
        ],
    }
    assert page["examples"][fine] == {
        "pinned": "b",
        "releases": [{"status": "passed", "output": "a"}, {"status": "passed", "output": "a"}, 0],
    }
    assert page["texts"] == {"a": "A\n"}  # not the pinned outputs, which the page shows already
    assert page["words"] == notes.UI["zh"]
    (root / fine).write_text("print(2)\n")  # edited: no current record on any release
    page = notes.page_data([fine], "en", data, matrix.rows(data, root), outputs, root, "2.1.2")
    assert (
        page["examples"][fine] == {"pinned": None, "releases": [None, None, None]}
        and page["texts"] == {}
    )


def test_a_list_of_releases_shows_three_or_more_in_a_row_as_a_range():
    tested = ["1.13.1", "2.0.1", "2.1.2", "2.2.2", "2.3.1", "2.13.0", "2.14.1"]
    assert (
        notes.span(["2.14.1", "1.13.1", "2.0.1", "2.1.2", "2.2.2"], tested, "zh")
        == "1.13–2.2、2.14"
    )
    assert notes.span(["1.13.1", "2.0.1", "2.3.1"], tested, "en") == "1.13, 2.0, 2.3"
    assert (
        notes.span(["2.3.1", "2.13.0", "2.14.1"], tested, "en") == "2.3–2.14"
    )  # in a row among those tested


def test_every_words_template_exists_in_both_languages_with_the_same_fields():
    assert notes.UI["zh"].keys() == notes.UI["en"].keys()
    for key in notes.UI["zh"]:
        fields = [set(re.findall(r"\{(\w+)\}", notes.UI[lang][key])) for lang in ("zh", "en")]
        assert fields[0] == fields[1], key


def test_notes_for_an_example_failing_later_or_always(history):
    data, root = history
    example = "snippets/retention/fine.py"
    source = matrix.source_hash(example, root)
    matrix.record(data, "2.1.2", _result(example, "failed", error="RuntimeError: gone"), source)
    assert notes.note(example, "en", data, root) == (
        "Runs on PyTorch 2.0 and earlier; fails on 2.1 and later: RuntimeError: gone"
    )
    for release in ("1.13.1", "2.0.1"):
        matrix.record(data, release, _result(example, "failed", error="RuntimeError: gone"), source)
    assert (
        notes.note(example, "zh", data, root)
        == "在本站测试过的每个 PyTorch 版本上都失败：RuntimeError: gone"
    )


# --- the weekly workflow -----------------------------------------------------


def test_drift_workflow_runs_one_job_per_release_and_opens_a_pull_request():
    import subprocess

    import yaml

    workflow = yaml.safe_load(
        (matrix.ROOT / ".github/workflows/drift.yml").read_text(encoding="utf-8")
    )
    jobs = workflow["jobs"]
    listed = subprocess.run(
        [sys.executable, "-m", "gradsite.matrix", "releases", "--with-nightly"],
        cwd=matrix.ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(listed.stdout) == [*matrix.RELEASES, "nightly"]
    assert "gradsite.matrix releases --with-nightly" in jobs["matrix-releases"]["steps"][-1]["run"]
    run = jobs["matrix"]
    assert run["strategy"]["fail-fast"] is False
    assert (
        run["strategy"]["matrix"]["release"]
        == "${{ fromJSON(needs.matrix-releases.outputs.releases) }}"
    )
    script = run["steps"][2]["run"]
    assert "download.pytorch.org/whl/cpu" in script and "whl/nightly/cpu" in script
    assert '--releases "$RELEASE" --force' in script
    merge = jobs["matrix-merge"]
    assert merge["needs"] == "matrix" and merge["permissions"] == {
        "contents": "write",
        "pull-requests": "write",
    }
    assert (
        "gradsite.matrix merge" in merge["steps"][-1]["run"]
        and "gh pr create" in merge["steps"][-1]["run"]
    )
    assert "gh issue create" in "".join(
        str(s.get("run", "")) for s in jobs["build"]["steps"]
    )  # still there


# --- the built site ----------------------------------------------------------


@pytest.mark.parametrize("lang, words", [("zh", "失败"), ("en", "fails on")])
def test_built_pages_show_the_matrix_and_the_notes(site, lang, words):
    prefix = url_prefix(lang)
    page = site.page(f"{prefix}versions")
    table = re.search(r'<table class="mx-matrix">.*?</table>', page, re.S)[0]
    current = matrix.rows()
    assert table.count('<th scope="row">') == len(current) == len(snippets())
    for release in matrix.load()["releases"]:
        assert f'title="torch {release}"' in table
    chapter = site.page(f"{prefix}zeroing")
    marked = re.findall(r'<div class="mx-versions" data-example="([^"]+)">(.*?)</div>', chapter)
    text = (ROOT / "docs" / page_source("zeroing", lang)).read_text(encoding="utf-8")
    included = [f.include for f in fences(text) if f.executed and f.include]
    assert included and [example for example, _ in marked] == included
    # A note only under an example some release runs differently: 1.13 fails on the set_to_none default.
    for example, body in marked:
        assert bool(body) == notes.differs(example, current), (example, body)
        assert not body or re.fullmatch(
            r'<p class="mx-note" data-search-exclude>[^<]*PyTorch.*</p>', body
        ), body
    assert any(words in body for _, body in marked)


# That the matrix fits a desktop and scrolls in its own box on a phone, without widening the page:
# tests/test_layout.py (every table of the versions pages, in Chromium).


def test_naming_a_claim_in_an_example_keeps_its_rows_current(tmp_path):
    example = tmp_path / "snippets" / "a" / "one.py"
    example.parent.mkdir(parents=True)
    example.write_text("x = 1\nassert x == 1\n")
    before = matrix.source_hash("snippets/a/one.py", tmp_path)
    example.write_text("x = 1\n    # claim: x-is-one other-claim\nassert x == 1\n")
    assert matrix.source_hash("snippets/a/one.py", tmp_path) == before
    example.write_text("x = 1\n# claimed: x-is-one\nassert x == 1\n")
    assert matrix.source_hash("snippets/a/one.py", tmp_path) != before
    example.write_text("x = 2\n# claim: x-is-one\nassert x == 2\n")
    assert matrix.source_hash("snippets/a/one.py", tmp_path) != before
