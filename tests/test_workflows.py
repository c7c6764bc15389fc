"""The GitHub workflows: linted, wired as the README says, and the drift report.

actionlint (with shellcheck for `run:` scripts) and zizmor come from pinned
PyPI wheels that carry their binaries (pyproject.toml); `make lint` runs the
same commands. Each linter is also shown failing on a broken workflow, so a
silently disabled check cannot pass for a clean one.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from gradsite.project import ROOT

BIN = Path(sys.executable).parent
WORKFLOWS = ROOT / ".github" / "workflows"
REPORT = ROOT / ".github" / "scripts" / "drift_report.py"
SHA_PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}$")


def _actionlint(project: Path) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    }  # finds shellcheck
    return subprocess.run(
        [BIN / "actionlint", "-no-color", "-oneline"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )


def _zizmor(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [BIN / "zizmor", "--offline", "--persona", "pedantic", "--no-progress", str(folder)],
        capture_output=True,
        text=True,
    )


def _load(name: str) -> dict:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


def _steps(job: dict) -> str:
    return "\n".join(str(step.get("run", "")) + str(step.get("uses", "")) for step in job["steps"])


def _broken_project(tmp_path: Path, workflow: str) -> Path:
    (tmp_path / ".git").mkdir()  # actionlint looks for the repository root
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "broken.yml").write_text(workflow, encoding="utf-8")
    return tmp_path


# --- linters ---------------------------------------------------------------


def test_workflows_pass_actionlint():
    done = _actionlint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_workflows_pass_zizmor():
    done = _zizmor(WORKFLOWS)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_and_shellcheck_catch_mistakes(tmp_path):
    project = _broken_project(
        tmp_path,
        """
on: push
jobs:
  test:
    runs-on: linux-latest
    steps:
      - run: cd $HOME/${{ github.event.head_commit.message }}
""",
    )
    done = _actionlint(project)
    assert done.returncode == 1, done.stdout + done.stderr
    assert 'label "linux-latest" is unknown' in done.stdout
    assert "potentially untrusted" in done.stdout
    assert "shellcheck reported issue" in done.stdout  # the shellcheck integration is active


def test_zizmor_catches_mistakes(tmp_path):
    project = _broken_project(
        tmp_path,
        """
on: issues
jobs:
  greet:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v5
      - run: echo "${{ github.event.issue.title }}"
""",
    )
    done = _zizmor(project / ".github" / "workflows")
    assert done.returncode != 0, done.stdout + done.stderr
    assert "template-injection" in done.stdout
    assert "artipacked" in done.stdout  # checkout keeps the token on disk


# --- what the workflows do -------------------------------------------------


@pytest.mark.parametrize("name", ["docs.yml", "drift.yml"])
def test_least_privilege_and_pinned_actions(name):
    workflow = _load(name)
    assert workflow["permissions"] == {}, "grant permissions per job, none at the top"
    for job in workflow["jobs"].values():
        assert "permissions" in job
        for step in job["steps"]:
            if "uses" in step:
                assert SHA_PINNED.match(step["uses"]), f"pin {step['uses']} by commit SHA"
            if step.get("uses", "").startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False


def test_docs_workflow_tests_every_change_and_deploys_main():
    workflow = _load("docs.yml")
    assert {"pull_request", "push"} <= set(workflow["on"])
    test, deploy = workflow["jobs"]["test"], workflow["jobs"]["deploy"]
    assert test["permissions"] == {"contents": "read"}
    assert "make test" in _steps(test)
    assert workflow["env"]["TORCH_INDEX"].endswith("/whl/cpu")
    setup = next(s for s in test["steps"] if s.get("uses", "").startswith("actions/setup-python@"))
    assert (
        setup["with"]["cache"] == "pip"
        and setup["with"]["cache-dependency-path"] == "pyproject.toml"
    )
    assert "actions/upload-pages-artifact@" in _steps(test)
    assert deploy["needs"] == "test"
    assert "refs/heads/main" in deploy["if"] and "push" in deploy["if"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert "actions/deploy-pages@" in _steps(deploy)


def _browser_gaps(workflow: dict) -> list[str]:
    """Jobs that run `make test` without a browser, or where a missing browser would only skip."""
    gaps = []
    for name, job in workflow["jobs"].items():
        steps = _steps(job)
        if "make test" not in steps:
            continue
        env = {**workflow.get("env", {}), **job.get("env", {})}
        if str(env.get("GRADSITE_REQUIRE_BROWSER")) != "1":
            gaps.append(f"{name}: GRADSITE_REQUIRE_BROWSER is not 1, so browser tests would skip")
        if (
            "playwright install --with-deps chromium" not in steps
            or "GRADSITE_CHROMIUM=" not in steps
        ):
            gaps.append(f"{name}: installs no Chromium for the browser tests (or does not name it)")
        if "fonts-noto-cjk" not in steps:
            gaps.append(f"{name}: no CJK fonts, so the Chinese pages render as boxes")
        install = next(
            i for i, s in enumerate(job["steps"]) if "playwright install" in str(s.get("run", ""))
        )
        test = next(i for i, s in enumerate(job["steps"]) if "make test" in str(s.get("run", "")))
        if install > test:
            gaps.append(f"{name}: the browser is installed after make test")
    return gaps


@pytest.mark.parametrize("name", ["docs.yml", "drift.yml"])
def test_every_job_that_runs_make_test_installs_and_requires_a_browser(name):
    assert _browser_gaps(_load(name)) == []


def test_the_browser_check_can_fail():
    workflow = _load("docs.yml")
    assert "make test" in _steps(workflow["jobs"]["test"])  # the check above is not vacuous
    del workflow["env"]["GRADSITE_REQUIRE_BROWSER"]
    workflow["jobs"]["test"]["steps"] = [
        s
        for s in workflow["jobs"]["test"]["steps"]
        if "playwright install" not in str(s.get("run", ""))
    ] + [{"run": "python -m playwright install --with-deps chromium"}]
    gaps = _browser_gaps(workflow)
    assert any("GRADSITE_REQUIRE_BROWSER" in gap for gap in gaps), gaps
    assert any("installs no Chromium" in gap for gap in gaps), gaps
    assert any("after make test" in gap for gap in gaps), gaps


def test_ci_requires_the_browser_tests():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "apt-get install" in script and "chromium" in script and "fonts-noto-cjk" in script
    assert script.index("export GRADSITE_REQUIRE_BROWSER=1") < script.index("make test")


def test_drift_workflow_builds_newest_and_nightly_unpinned():
    workflow = _load("drift.yml")
    assert "schedule" in workflow["on"] and "workflow_dispatch" in workflow["on"]
    job = workflow["jobs"]["build"]
    channels = {entry["channel"]: entry for entry in job["strategy"]["matrix"]["include"]}
    assert set(channels) == {"release", "nightly"}
    assert job["strategy"]["fail-fast"] is False  # one channel's failure must not cancel the other
    assert channels["nightly"]["pip-pre"] == "--pre"
    assert channels["nightly"]["torch-index"].endswith("/whl/nightly/cpu")
    steps = _steps(job)
    assert "torch==" not in steps and "--upgrade" in steps
    assert "mkdocs build --strict" in steps
    assert "drift_report.py" in steps and "gh issue create" in steps and "gh issue edit" in steps
    assert job["permissions"] == {"contents": "read", "issues": "write"}


# --- the drift report ------------------------------------------------------


def _report(
    log: Path, tmp_path: Path, *, torch_version="2.14.0+cpu", channel="release"
) -> tuple[str, str]:
    body = tmp_path / "issue.md"
    done = subprocess.run(
        [
            sys.executable,
            REPORT,
            log,
            "--torch",
            torch_version,
            "--channel",
            channel,
            "--body",
            body,
            "--run-url",
            "https://example.invalid/run/1",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip(), body.read_text(encoding="utf-8")


def test_drift_report_from_a_real_failing_build(broken, tmp_path):
    """The log of a real failing build (a small broken project's, tests/broken.py), fed to the
    report as drift.yml does."""
    from broken import FAILING, FAILS, line_of

    failed = broken["failing"]
    log = tmp_path / "build.log"
    log.write_text(failed.log, encoding="utf-8")

    title, body = _report(log, tmp_path)
    assert title == "Drift: site examples fail on torch 2.14.0"
    assert f"### `{FAILS}:{line_of(FAILING[FAILS], 'assert a.retains_grad')}`" in body
    assert "`docs/retention/index.zh.md` (zh), `docs/retention/index.en.md` (en)" in body
    assert "AssertionError" in body
    assert "assert a.retains_grad" in body  # the failing line, quoted
    assert "Code block is" not in body  # markdown-exec's dump is not copied
    assert "https://example.invalid/run/1" in body
    # Every failing example the log names (snippets, and code written in a page) is listed once.
    named = set(re.findall(r"^ERROR\s+-\s+(.+?): example failed on page", failed.log, re.MULTILINE))
    listed = re.findall(r"^### `(.+)`$", body, re.MULTILINE)
    assert named and sorted(listed) == sorted(named)


def test_drift_report_groups_and_keeps_other_errors(tmp_path):
    log = tmp_path / "build.log"
    log.write_text(
        "\x1b[31mERROR   -  snippets/zeroing/default_is_none.py:7: example failed on page "
        "docs/zeroing/index.zh.md, language zh\x1b[0m\n"
        "  assert p.grad is None\n"
        "  AssertionError\n"
        "WARNING -  markdown_exec: Execution of python code block exited with errors\n"
        "\n"
        "  import torch\n"
        "ERROR   -  snippets/zeroing/default_is_none.py:7: example failed on page "
        "docs/zeroing/index.en.md, language en\n"
        "  assert p.grad is None\n"
        "  AssertionError\n"
        "ERROR   -  snippets/detach/shares_storage.py: example failed on page docs/detach/index.zh.md, language zh\n"
        "  \n"
        "  RuntimeError: the example let output escape to stderr or the warnings system; catch it:\n"
        "  UserWarning: something new\n"
        "ERROR   -  Config value 'plugins': The \"i18n\" plugin is not installed\n",
        encoding="utf-8",
    )
    title, body = _report(log, tmp_path, torch_version="2.15.0.dev20270101+cpu", channel="nightly")
    assert title == "Drift: site examples fail on torch nightly"
    assert "`2.15.0.dev20270101+cpu` (nightly)" in body
    assert "## Failing examples (2)" in body
    assert body.count("### `snippets/zeroing/default_is_none.py:7`") == 1
    assert "`docs/zeroing/index.zh.md` (zh), `docs/zeroing/index.en.md` (en)" in body
    assert "### `snippets/detach/shares_storage.py`" in body
    assert "UserWarning: something new" in body
    assert "import torch" not in body
    assert "\x1b" not in body
    assert "## Other build errors" in body and 'The "i18n" plugin is not installed' in body


def test_drift_report_without_failing_examples(tmp_path):
    log = tmp_path / "build.log"
    log.write_text(
        "ERROR   -  Error reading page 'x.md': boom\nAborted with 1 errors in strict mode!\n"
    )
    _, body = _report(log, tmp_path)
    assert "No example failed" in body and "boom" in body
