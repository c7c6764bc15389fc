"""What `make serve` and `make build` install: the site's dependencies only.

pyproject.toml has two sets: `[project] dependencies` (building and serving)
and the PEP 735 group `test` (what `make test` adds). The Makefile's serve and
build targets depend on the stamp that installs the first alone. This checks
both halves: the Makefile wiring, and that nothing the site's dependencies
pull in (followed through the installed distributions' metadata) is a test
tool. Each check is also shown failing on a planted mistake.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from sitebuild import ROOT

# What an author serving the site must not have to download: the test tools, and pillow, which
# only the browser tests read images with (it once came with matplotlib; the site draws its own SVG).
TEST_ONLY = {"pillow", "playwright", "pytest"}
SITE_TARGETS = ("serve", "build")


def _closure(requirements: list[str]) -> set[str]:
    """Every distribution these requirements install (no extras), read from what is installed."""
    seen: set[str] = set()
    todo = [Requirement(r) for r in requirements]
    while todo:
        requirement = todo.pop()
        if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
            continue
        name = canonicalize_name(requirement.name)
        if name in seen:
            continue
        seen.add(name)
        todo += [Requirement(r) for r in metadata.requires(name) or []]
    return seen


def _recipe(makefile: str, target: str) -> tuple[list[str], list[str]]:
    """(prerequisites, recipe lines) of one rule of the Makefile."""
    match = re.search(
        rf"^{re.escape(target)}:([^\n#]*)(?:#[^\n]*)?\n((?:\t[^\n]*\n)*)", makefile, re.M
    )
    assert match, f"no rule for {target} in the Makefile"
    return match[1].split(), match[2].splitlines()


def site_install_problems(pyproject: str, makefile: str) -> list[str]:
    """What makes `make serve` / `make build` install a test tool, in words; [] when nothing."""
    problems = []
    dependencies = tomllib.loads(pyproject)["project"]["dependencies"]
    pulled = _closure(dependencies)
    for tool in sorted(TEST_ONLY & pulled):
        problems.append(
            f"{tool} is installed by pyproject.toml's [project] dependencies (directly or through another)"
        )
    for target in SITE_TARGETS:
        prerequisites, _ = _recipe(makefile, target)
        if prerequisites != ["$(SITE_STAMP)"]:
            problems.append(f"make {target} depends on {prerequisites}, not on $(SITE_STAMP) alone")
    _, steps = _recipe(makefile, "$(SITE_STAMP)")
    if any("--group" in step or "-r " in step for step in steps):
        problems.append("the $(SITE_STAMP) recipe installs more than `-e .`")
    return problems


def _sources() -> tuple[str, str]:
    return (ROOT / "pyproject.toml").read_text(encoding="utf-8"), (ROOT / "Makefile").read_text(
        encoding="utf-8"
    )


def test_serve_and_build_install_neither_playwright_nor_pytest():
    assert site_install_problems(*_sources()) == []


def test_the_test_group_holds_the_test_tools():
    group = tomllib.loads(_sources()[0])["dependency-groups"]["test"]
    assert TEST_ONLY <= _closure(group)
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[^=<>~!,;\s]+", r) for r in group), (
        "every test tool is pinned"
    )


def test_the_check_catches_a_test_tool_among_the_site_dependencies():
    pyproject, makefile = _sources()
    # pytest-markdown-docs is not pytest, but installs it: the closure sees that.
    planted = pyproject.replace(
        '"torch==2.13.0",', '"torch==2.13.0",\n    "pytest-markdown-docs==0.9.2",', 1
    )
    assert site_install_problems(planted, makefile) == [
        "pytest is installed by pyproject.toml's [project] dependencies (directly or through another)"
    ]
    planted = pyproject.replace(
        '"torch==2.13.0",', '"torch==2.13.0",\n    "playwright==1.65.2",', 1
    )
    assert "playwright is installed" in site_install_problems(planted, makefile)[0]
    # pillow among the site's dependencies is caught too (matplotlib would bring it back).
    planted = pyproject.replace('"torch==2.13.0",', '"torch==2.13.0",\n    "pillow==13.0.0",', 1)
    assert site_install_problems(planted, makefile) == [
        "pillow is installed by pyproject.toml's [project] dependencies (directly or through another)"
    ]


def test_the_check_catches_serve_installing_the_test_group():
    pyproject, makefile = _sources()
    planted = makefile.replace("serve: $(SITE_STAMP)", "serve: $(STAMP)", 1)
    assert site_install_problems(pyproject, planted) == [
        "make serve depends on ['$(STAMP)'], not on $(SITE_STAMP) alone"
    ]
    planted = makefile.replace("$(PIP_FLAGS) -e .", "$(PIP_FLAGS) -e . --group test", 1)
    assert site_install_problems(pyproject, planted) == [
        "the $(SITE_STAMP) recipe installs more than `-e .`"
    ]
