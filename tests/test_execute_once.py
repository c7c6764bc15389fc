"""Each example runs once per build, and only what an edit touches runs again.

The first tests drive gradsite/runner.py directly on a small throwaway
project. The last ones build a tiny MkDocs project that uses the site's hooks,
several times in one process as `mkdocs serve` does, then again in a new
process with the outputs kept on disk, as `make serve` does after a restart.
Nothing here is timed: speed is `make bench`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
import torch
from gradsite import runner
from gradsite.project import ROOT
from markdown_exec import ExecutionError


def _new_build(root, language="zh"):
    """The runner's Context of a new build."""
    return runner.Context(root=root, page="demo.zh.md", language=language)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """An empty project folder, no caching on disk."""
    monkeypatch.delenv(runner.DISK_CACHE, raising=False)
    monkeypatch.delenv(runner.NO_EXEC, raising=False)
    (tmp_path / "snippets" / "demo").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)  # the build runs from the project folder
    return tmp_path


@pytest.fixture
def build(project):
    """A new build's runner Context, pointing at the project."""
    return _new_build(project)


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_the_same_example_runs_once(build):
    code = "print(1 + 1)\n"
    assert runner.run_python(code, build, snippet="snippets/demo/two.py") == "2\n"
    build.language = "en"  # the en build of the same page
    assert runner.run_python(code, build, snippet="snippets/demo/two.py") == "2\n"
    assert (build.executions, build.reused) == (1, 1)


def test_a_snippet_named_by_path_is_an_input(project, build):
    """A figure block runs a snippet by its path: editing that file runs the block again."""
    _write(project / "snippets/demo/value.py", "print('one')\n")
    code = 'import runpy\nrunpy.run_path("snippets/demo/value.py")\n'
    assert runner.run_python(code, build) == "one\n"
    assert runner.run_python(code, build) == "one\n"
    assert build.executions == 1
    _write(project / "snippets/demo/value.py", "print('two')\n")
    assert runner.run_python(code, build) == "two\n"
    assert build.executions == 2


def test_a_file_that_appears_is_an_input(project, build):
    code = textwrap.dedent(
        """
        from pathlib import Path
        try:
            print(Path("snippets/demo/later.txt").read_text())
        except FileNotFoundError:
            print("absent")
        """
    )
    assert runner.run_python(code, build) == "absent\n"
    assert runner.run_python(code, build) == "absent\n"
    _write(project / "snippets/demo/later.txt", "present")
    assert runner.run_python(code, build) == "present\n"
    assert build.executions == 2


def test_code_written_in_a_page_is_kept_per_language(build):
    """Figure blocks word their pictures in the language being built (gradsite/pictures/)."""
    worded = "from gradsite.runner import Context\nprint(Context.current().language)\n"
    for language in ("zh", "en", "zh", "en"):  # a build, then a rebuild, as in `make serve`
        build.language = language
        assert runner.run_python(worded, build) == f"{language}\n"
        runner.run_python("print('same')\n", build, snippet="snippets/demo/same.py")
    assert build.executions == 3  # worded: zh and en; the snippet: once
    assert runner.Context.current() is None  # told for the length of a run only


def test_another_torch_version_runs_again(build, monkeypatch):
    code = "import torch\nprint(torch.__version__)\n"
    runner.run_python(code, build)
    monkeypatch.setattr(torch, "__version__", "99.0.0")
    assert runner.run_python(code, build) == "99.0.0\n"
    assert build.executions == 2


def test_a_failure_runs_once_per_build_and_is_reported_for_each_page(project, build, caplog):
    """The en page (or a figure) asking again gets the same report, for its own page and
    language, without a second run; the next build runs it again."""
    code = "print('so far')\nassert 1 == 2\n"
    with pytest.raises(ExecutionError) as zh:
        runner.run_python(code, build, snippet="snippets/demo/flaky.py")
    build.page, build.language = "demo.en.md", "en"
    with pytest.raises(ExecutionError) as en:
        runner.run_python(code, build, snippet="snippets/demo/flaky.py")
    assert build.executions == 1 and str(zh.value) == str(en.value)
    assert all(result.failure for result in build.results.values())  # no output kept
    for page, language in (("demo.zh.md", "zh"), ("demo.en.md", "en")):
        assert (
            f"snippets/demo/flaky.py:2: example failed on page docs/{page}, language {language}"
            in caplog.text
        )
    assert caplog.text.count("printed before it failed:\n    so far") == 2
    later = _new_build(project)
    with pytest.raises(ExecutionError):
        runner.run_python(code, later, snippet="snippets/demo/flaky.py")
    assert later.executions == 1


def test_a_figure_drawing_a_failed_example_does_not_run_it_again(project, build, caplog):
    _write(
        project / "snippets/demo/broken.py",
        "import torch\nx = torch.ones(1)\nassert False, 'drifted'\n",
    )
    code = (project / "snippets/demo/broken.py").read_text(encoding="utf-8")
    with pytest.raises(ExecutionError):
        runner.run_python(code, build, snippet="snippets/demo/broken.py")
    figure = 'from gradsite.pictures import graph\ngraph("snippets/demo/broken.py", "x", alt="x")\n'
    with pytest.raises(ExecutionError):
        runner.run_python(figure, build)
    assert build.executions == 2  # the example, then the figure block, which stopped at once
    assert (
        "ExampleFailed: snippets/demo/broken.py failed earlier in this build, not run again"
        in caplog.text
    )
    assert "snippets/demo/broken.py:3\n  assert False, 'drifted'" in caplog.text


def test_the_log_names_each_example_slower_than_the_threshold_with_its_time(
    build, monkeypatch, caplog
):
    """A slow example costs every build and `make test-fast`: the build log names it, with its time."""
    monkeypatch.setenv("GRADSITE_SLOW", "1")
    caplog.set_level("INFO", logger=runner.log.name)
    runner.run_python("import time\ntime.sleep(1.2)\n", build, snippet="snippets/demo/slow.py")
    runner.run_python("print('quick')\n", build, snippet="snippets/demo/quick.py")
    slow = [r.getMessage() for r in caplog.records if "slow example" in r.getMessage()]
    assert len(slow) == 1 and slow[0].startswith("snippets/demo/slow.py: slow example, 1."), slow
    assert "(over 1 s, GRADSITE_SLOW)" in slow[0]
    assert all(r.levelname == "INFO" for r in caplog.records if "slow example" in r.getMessage())


def test_outputs_persist_on_disk_only_when_asked(project, build, monkeypatch):
    runner.run_python("print('kept')\n", build)
    assert not (project / ".cache").exists(), "without GRADSITE_CACHE nothing is written"

    monkeypatch.setenv(runner.DISK_CACHE, ".cache/gradsite")
    runner.run_python("print('kept on disk')\n", build)
    assert len(list((project / ".cache/gradsite").glob("*.json"))) == 1
    # A new build (a `make serve` rebuild, or a new process) starts with an empty memory.
    again = _new_build(project)
    assert runner.run_python("print('kept on disk')\n", again) == "kept on disk\n"
    assert (again.executions, again.reused) == (0, 1)


def test_a_kept_output_on_disk_still_checks_its_inputs(project, build, monkeypatch):
    monkeypatch.setenv(runner.DISK_CACHE, ".cache/gradsite")
    _write(project / "snippets/demo/value.py", "print('one')\n")
    code = 'import runpy\nrunpy.run_path("snippets/demo/value.py")\n'
    runner.run_python(code, build)
    _write(project / "snippets/demo/value.py", "print('two')\n")
    again = _new_build(project)
    assert runner.run_python(code, again) == "two\n"
    assert again.executions == 1


def test_execution_off_renders_a_placeholder_and_keeps_nothing(build, monkeypatch):
    monkeypatch.setenv(runner.NO_EXEC, "1")
    assert runner.run_python("raise SystemExit('never run')\n", build) == runner.PLACEHOLDER
    assert (build.executions, build.results) == (0, {})


# --- a tiny site, rebuilt as `make serve` does, and after a restart ---------------

CONFIG = f"""
site_name: tiny
docs_dir: docs
hooks: ["{ROOT / "gradsite" / "hooks.py"}"]
plugins:
  - markdown-exec:
      languages: []
markdown_extensions:
  - gradsite.runner
  - pymdownx.snippets:
      base_path: ["."]
      check_paths: true
  - pymdownx.superfences:
      custom_fences:
        - name: python
          class: python
          validator: !!python/name:markdown_exec.validator
          format: !!python/name:gradsite.runner.fence_format
"""

PAGE = """# Tiny

```python exec="on" result="text"
--8<-- "snippets/demo/one.py"
```

```python exec="on" result="text"
--8<-- "snippets/demo/two.py"
```

```python exec="on" result="text"
import runpy
runpy.run_path("snippets/demo/two.py")
```
"""

# One process: a build, then a rebuild after each edit; prints what each ran.
DRIVER = """
import json, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config

def rebuild():
    config = load_config("mkdocs.yml", site_dir="site", strict=True)
    build(config)
    return config["gradsite"].runner.executions

def edit(path, text):
    with open(path, "a", encoding="utf-8") as file:
        file.write(text)

steps = {"build": rebuild()}
for step in sys.argv[1:]:
    path, text = step.split("=", 1)
    edit(path, text)
    steps[path] = rebuild()
print("STEPS" + json.dumps(steps))
"""


def _serve(project, *edits):
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, *edits],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
        env={**__import__("os").environ, runner.DISK_CACHE: ".cache/gradsite"},
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    return json.loads(done.stdout.split("STEPS", 1)[1])


@pytest.fixture
def tiny(tmp_path):
    _write(tmp_path / "mkdocs.yml", CONFIG)
    for lang in ("zh", "en"):
        _write(tmp_path / f"docs/index.{lang}.md", PAGE)
        _write(tmp_path / f"docs/glossary/index.{lang}.md", "# Glossary\n")
    _write(tmp_path / "snippets/demo/one.py", "print('one')\n")
    _write(tmp_path / "snippets/demo/two.py", "print('two')\n")
    return tmp_path


@pytest.mark.slow
def test_serve_reruns_only_what_an_edit_touches_across_restarts(tiny):
    # A first session: a clean build runs each distinct block once (the two pages of
    # this site without i18n share one language); a prose edit runs nothing; a
    # snippet edit runs the blocks that include it or name it.
    first = _serve(
        tiny, "docs/index.en.md=\nMore prose.\n", "snippets/demo/two.py=print('edited')\n"
    )
    assert first == {"build": 3, "docs/index.en.md": 0, "snippets/demo/two.py": 2}
    assert any(
        "edited" in page.read_text(encoding="utf-8") for page in (tiny / "site").rglob("*.html")
    )
    # A restart: everything comes from the disk; then a prose edit and a snippet edit again.
    again = _serve(
        tiny, "docs/index.zh.md=\nMore prose.\n", "snippets/demo/one.py=print('edited')\n"
    )
    assert again == {"build": 0, "docs/index.zh.md": 0, "snippets/demo/one.py": 1}


def test_time_limit_also_stops_an_example_in_a_serve_thread(build, monkeypatch, caplog):
    """`mkdocs serve` rebuilds in a thread, where no alarm signal reaches: the limit holds there too."""
    import threading

    monkeypatch.setenv("GRADSITE_TIME_LIMIT", "1")
    failures = []

    def rebuild():
        try:
            runner.run_python(
                "print('start')\nwhile True:\n    pass\n", build, snippet="snippets/demo/hangs.py"
            )
        except ExecutionError as error:
            failures.append(error)

    thread = threading.Thread(target=rebuild)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive() and failures
    assert "snippets/demo/hangs.py:" in caplog.text and "ExampleTimeout" in caplog.text


def test_every_page_block_that_reads_a_project_file_names_it():
    """A kept output (make serve's .cache/gradsite) is keyed on the files its code names: code
    that reads data/matrix.json must name it, or serve shows an old table after `make matrix`."""
    from gradsite.pages import fences

    reads = {"notes.table": "data/matrix.json", "notes.changes": "data/matrix.json"}
    checked = 0
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for fence in fences(page.read_text(encoding="utf-8")):
            code = fence.body
            for call, needed in reads.items():
                if call in code:
                    checked += 1
                    assert needed in runner.named_files(code, ROOT), (
                        f"{page}: {call} without naming {needed}"
                    )
    assert checked == 4  # the matrix table and the changes list, in both languages


def test_serve_watches_the_data_folder():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    watch = config.split("\nwatch:\n", 1)[1].split("\n\n", 1)[0]
    assert "  - data" in watch.splitlines(), watch


def test_a_deprecation_inside_a_library_passes_but_one_in_the_example_fails(project, build):
    """As Python's own filters do for a program: a DeprecationWarning raised inside a library
    (torch.compile tracing an optimizer meets one) is hidden, one the example raises fails."""
    _write(
        project / "snippets/demo/library.py",
        "import warnings\ndef old():\n    warnings.warn('old', DeprecationWarning)\n",
    )
    inside = "import sys\nsys.path.insert(0, 'snippets/demo')\nimport library\nlibrary.old()\nprint('ok')\n"
    assert runner.run_python(inside, build, snippet="snippets/demo/inside.py") == "ok\n"
    own = "import warnings\nwarnings.warn('old', DeprecationWarning)\nprint('ok')\n"
    with pytest.raises(ExecutionError):
        runner.run_python(own, build, snippet="snippets/demo/own.py")
