"""`make example EXAMPLE=snippets/<chapter>/<name>.py` runs everything about one example, and
nothing about another (tests/conftest.py, `--example`; CONTRIBUTING, "Adding an example").

The Makefile's recipe is read; what it selects is worked out from this session's own collection
(every test of the suite, in `make test`) with the function `--example` applies, instead of a
second pytest collecting the suite again. Run alone (`pytest tests/test_make_example.py`), the
session holds too little, and the recipe is run as `make example` would, collecting only.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest
from gradsite.project import ROOT

from conftest import _about

RECIPE = re.search(r"^example:.*\n\t(.+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)[
    1
]
MARKERS = "not build and not browser"  # what the recipe leaves out (tests/conftest.py sets them)


def _collected_by_make(example: str) -> list[str]:
    """The test ids `make example` runs for `example`: its command, collecting only."""
    command = RECIPE.replace("$(BIN)/python", sys.executable).replace("$(EXAMPLE)", example)
    command = command.replace("$(ARGS)", "--collect-only -q")
    done = subprocess.run(
        shlex.split(command), cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return [line for line in done.stdout.splitlines() if "::" in line]


def _selected(items, example: str) -> list[str]:
    """What `--example` and the recipe's `-m` keep of this session's tests (node ids without the
    `@<xdist group>` that `make test`'s workers add, tests/conftest.py)."""
    return [
        re.sub(r"\]@[^\[\]]*$", "]", item.nodeid)
        for item in items
        if _about(item, example)
        and not (item.get_closest_marker("build") or item.get_closest_marker("browser"))
    ]


def _whole_suite(items) -> bool:
    files = {item.path.name for item in items}
    return {"test_snippets.py", "test_drift.py", "test_build.py", "test_ruff.py"} <= files


@pytest.mark.slow
def test_make_example_runs_everything_about_one_example_and_nothing_else(request):
    assert shlex.split(RECIPE)[:3] == ["$(BIN)/python", "-m", "pytest"], RECIPE
    assert '--example "$(EXAMPLE)"' in RECIPE and f'-m "{MARKERS}"' in RECIPE, RECIPE
    example = "snippets/retention/retain_grad.py"
    items = request.session.items
    ids = _selected(items, example) if _whole_suite(items) else _collected_by_make(example)
    wanted = [
        f"tests/test_snippets.py::test_snippet_runs_alone_and_quietly[{example}]",
        f"tests/test_snippets.py::test_snippet_prints_what_the_pinned_row_of_the_matrix_recorded[{example}]",
        "tests/test_drift.py::test_drift_fails_the_runner[retention-retain_grad-becomes-a-no-op]",
        "tests/test_build.py::test_parity_same_snippets_same_order[retention]",
        "tests/test_ruff.py::test_passes_ruff[format-snippets]",
        "tests/test_ruff.py::test_passes_ruff[lint-snippets]",
    ]
    assert not [w for w in wanted if w not in ids], "\n".join(ids)
    others = [i for i in ids if "snippets/" in i and example not in i]
    assert not others, others
    assert not [i for i in ids if "zeroing" in i or "detach" in i], ids
    assert not [i for i in ids if "test_build.py::test_retention_shows_real_outputs" in i], ids


def test_the_selection_leaves_out_what_is_about_another_example(request):
    """The in-session selection can fail: another example's tests are not selected for this one."""
    items = request.session.items
    if not _whole_suite(items):
        pytest.skip("needs the whole suite collected (make test)")
    ids = _selected(items, "snippets/zeroing/training_loop.py")
    assert not [i for i in ids if "retain_grad.py" in i], ids
