"""Each example runs once per build, and only what an edit touches runs again.

The first tests drive gradsite/execute.py directly on a small throwaway
project; the last one rebuilds a copy of the real site several times in one
process, as `mkdocs serve` does. Nothing here is timed: speed is `make bench`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
import torch
from markdown_exec import ExecutionError

from gradsite import execute
from sitebuild import FENCE, copy_project


def _fresh_state(root, language="zh"):
    """The state of a new build process."""
    state = execute.BuildState(root=root, page="demo.zh.md")
    state.language = language
    return state


@pytest.fixture
def project(tmp_path, monkeypatch):
    """An empty project folder, a fresh build state pointing at it, no caching on disk."""
    monkeypatch.delenv(execute.DISK_CACHE, raising=False)
    monkeypatch.delenv(execute.NO_EXEC, raising=False)
    (tmp_path / "snippets" / "demo").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)  # the build runs from the project folder
    monkeypatch.setattr(execute, "state", _fresh_state(tmp_path))
    return tmp_path


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_the_same_example_runs_once(project):
    code = "print(1 + 1)\n"
    assert execute.run_python(code) == "2\n"
    assert execute.run_python(code) == "2\n"
    assert (execute.state.executions, execute.state.reused) == (1, 1)


def test_a_snippet_run_by_path_is_an_input(project):
    """A figure block runs a snippet by its path: editing that file runs the block again."""
    _write(project / "snippets/demo/value.py", "print('one')\n")
    code = 'import runpy\nrunpy.run_path("snippets/demo/value.py")\n'
    assert execute.run_python(code) == "one\n"
    assert execute.run_python(code) == "one\n"
    assert execute.state.executions == 1
    _write(project / "snippets/demo/value.py", "print('two')\n")
    assert execute.run_python(code) == "two\n"
    assert execute.state.executions == 2


def test_a_file_read_at_run_time_is_an_input(project):
    """Found by watching what the example opens, even when no literal names the file."""
    _write(project / "snippets/demo/data.txt", "3\n")
    code = 'from pathlib import Path\nprint(Path("snippets", "demo", "data" + ".txt").read_text().strip())\n'
    assert execute.run_python(code) == "3\n"
    [[output]] = execute.state.outputs.values()
    assert output.reads.keys() == {"snippets/demo/data.txt"}
    assert execute.run_python(code) == "3\n"
    _write(project / "snippets/demo/data.txt", "4\n")
    assert execute.run_python(code) == "4\n"
    assert (execute.state.executions, execute.state.reused) == (2, 1)


def test_a_file_given_to_a_subprocess_is_an_input(project):
    _write(project / "snippets/demo/child.py", "print('child one')\n")
    code = textwrap.dedent(
        """
        import subprocess, sys
        done = subprocess.run([sys.executable, "snippets/demo/" + "child.py"], capture_output=True, text=True)
        print(done.stdout, end="")
        """
    )
    assert execute.run_python(code) == "child one\n"
    assert execute.run_python(code) == "child one\n"
    _write(project / "snippets/demo/child.py", "print('child two')\n")
    assert execute.run_python(code) == "child two\n"
    assert execute.state.executions == 2


def test_a_file_that_appears_is_an_input(project):
    code = textwrap.dedent(
        """
        from pathlib import Path
        try:
            print(Path("snippets/demo/later.txt").read_text())
        except FileNotFoundError:
            print("absent")
        """
    )
    assert execute.run_python(code) == "absent\n"
    assert execute.run_python(code) == "absent\n"
    _write(project / "snippets/demo/later.txt", "present")
    assert execute.run_python(code) == "present\n"
    assert execute.state.executions == 2


def test_an_output_worded_per_language_is_kept_per_language(project):
    """Figure blocks word their pictures in the language being built (gradsite/pictures.py)."""
    worded = "from gradsite import execute\nprint(execute.state.language)\n"
    plain = "print('same in every language')\n"
    for language in ("zh", "en", "zh", "en"):  # a build, then a rebuild, as in `make serve`
        execute.state.language = language
        assert execute.run_python(worded) == f"{language}\n"
        execute.run_python(plain)
    assert execute.state.executions == 3  # worded: zh and en; plain: once


def test_another_torch_version_runs_again(project, monkeypatch):
    code = "import torch\nprint(torch.__version__)\n"
    execute.run_python(code)
    monkeypatch.setattr(torch, "__version__", "99.0.0")
    assert execute.run_python(code) == "99.0.0\n"
    assert execute.state.executions == 2


def test_a_failure_is_not_kept(project, caplog):
    _write(project / "snippets/demo/flaky.py", "assert 1 == 2\n")
    code = (project / "snippets/demo/flaky.py").read_text()
    for attempt in (1, 2):
        with pytest.raises(ExecutionError):
            execute.run_python(code)
        assert execute.state.executions == attempt
    assert execute.state.outputs == {}
    assert "snippets/demo/flaky.py:1: example failed on page docs/demo.zh.md, language zh" in caplog.text


def test_outputs_persist_on_disk_only_when_asked(project, monkeypatch):
    code = "print('kept')\n"
    execute.run_python(code)
    assert not (project / ".cache").exists(), "without GRADSITE_CACHE nothing is written"

    monkeypatch.setenv(execute.DISK_CACHE, ".cache/gradsite")
    execute.run_python("print('kept on disk')\n")
    assert len(list((project / ".cache/gradsite").glob("*.json"))) == 1
    # A new process (a new `make serve`) starts with an empty memory.
    monkeypatch.setattr(execute, "state", _fresh_state(project))
    assert execute.run_python("print('kept on disk')\n") == "kept on disk\n"
    assert (execute.state.executions, execute.state.reused) == (0, 1)


def test_a_kept_output_on_disk_still_checks_its_inputs(project, monkeypatch):
    monkeypatch.setenv(execute.DISK_CACHE, ".cache/gradsite")
    _write(project / "snippets/demo/value.py", "print('one')\n")
    code = 'import runpy\nrunpy.run_path("snippets/demo/value.py")\n'
    execute.run_python(code)
    _write(project / "snippets/demo/value.py", "print('two')\n")
    monkeypatch.setattr(execute, "state", _fresh_state(project))
    assert execute.run_python(code) == "two\n"
    assert execute.state.executions == 1


def test_execution_off_renders_a_placeholder_and_keeps_nothing(project, monkeypatch):
    monkeypatch.setenv(execute.NO_EXEC, "1")
    assert execute.run_python("raise SystemExit('never run')\n") == execute.PLACEHOLDER
    assert (execute.state.executions, execute.state.outputs) == (0, {})


# --- whole builds, several in one process ----------------------------------

EDITED = "snippets/retention/retain_grad.py"
RUN_BY_PATH = f'\n```python exec="on" result="text"\nimport runpy\nrunpy.run_path("{EDITED}")\n```\n'

DRIVER = """
import json, logging, sys
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config
from gradsite import execute

logging.basicConfig(level=logging.WARNING)  # what made a strict build stop

def rebuild():
    before = execute.state.executions
    # Not strict: what is counted here is executions; tests/test_build.py checks strictness.
    build(load_config("mkdocs.yml", site_dir=sys.argv[1], strict=False))
    return {"ran": execute.state.executions - before, "reused": execute.state.reused,
            "distinct": len(execute.state.examples)}

def append(path, text):
    with open(path, "a", encoding="utf-8") as file:
        file.write(text)

steps = [rebuild()]
append("docs/retention/index.en.md", "\\nOne more sentence of prose.\\n")
steps.append(rebuild())
append(sys.argv[2], "print('snippet edited')\\n")
steps.append(rebuild())
# An edit to a helper examples import, as an author makes it while `mkdocs serve` runs.
helper = Path("gradsite/pictures.py")
helper.write_text(helper.read_text(encoding="utf-8").replace('"flow": "', '"flow": "(edited) '), encoding="utf-8")
steps.append(rebuild())
print("STEPS" + json.dumps(steps))
"""


def _blocks_naming(root, path: str) -> int:
    """Distinct executed fences of all pages that include or name `path`.

    A figure block (gradsite/pictures.py) is worded in the page's language, so it is
    one block per language even when its code is the same in both.
    """
    blocks = set()
    for page in (root / "docs").rglob("*.md"):
        language = page.suffixes[0] if len(page.suffixes) > 1 else None
        for match in FENCE.finditer(page.read_text(encoding="utf-8")):
            if path in match["body"]:
                blocks.add((match["body"], language if "gradsite.pictures" in match["body"] else None))
    return len(blocks)


def test_rebuilds_run_only_what_an_edit_touches(tmp_path):
    project = copy_project(tmp_path / "project")
    for lang in ("zh", "en"):  # a block that runs the snippet by path, as figure blocks do
        with open(project / f"docs/retention/index.{lang}.md", "a", encoding="utf-8") as page:
            page.write(RUN_BY_PATH)
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(site), EDITED],
        cwd=project, capture_output=True, text=True, timeout=900,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    clean, prose, snippet, helper = json.loads(done.stdout.split("STEPS", 1)[1])

    # A clean build runs every distinct example once (an example worded per language is one
    # per language); every other block, most of the en build, reuses an output.
    assert clean["ran"] == clean["distinct"] >= 12
    assert clean["reused"] >= 11
    # A prose edit runs nothing, yet the page is rebuilt.
    assert prose["ran"] == 0
    assert "One more sentence of prose." in (site / "en/retention/index.html").read_text(encoding="utf-8")
    # A snippet edit runs exactly the blocks that include it or run it by path.
    expected = _blocks_naming(project, EDITED)
    assert expected >= 2  # its include, and the block added above
    assert snippet["ran"] == expected
    for page in ("retention", "en/retention"):
        assert (site / page / "index.html").read_text(encoding="utf-8").count("snippet edited") >= 3
    # A helper edit runs the examples again (its source is in every key), with the new code:
    # the process reloads the module it had imported (gradsite/hooks.py, on_config).
    assert helper["ran"] > 0
    for page in ("retention", "en/retention"):
        assert "(edited) " in (site / page / "index.html").read_text(encoding="utf-8"), page


def test_block_count_can_fail():
    text = '```python exec="on"\nprint("snippets/a.py")\n```\n\n```python\nprint("snippets/a.py")\n```\n'
    assert len(FENCE.findall(text)) == 1
