"""What a reader copies is a recipe that runs on its own; the checks run beside it.

An example's file is its recipe, then a line `# --- checks ---`, then the asserts and any
harness the build runs right after the recipe, in the same program
(gradsite/project.py, `split_example`). The page shows the recipe and what the whole file
printed, and folds the checks under it (gradsite/hooks.py, gradsite/execute.py).

So the recipe, run alone as a program, must print exactly what the page shows: the whole
file's output, as the pinned row of data/matrix.json recorded it. tests/test_snippets.py
checks that in its one run of each file (what the program prints before its checks line is
what the recipe alone prints; the checks must print nothing). Here: the recipe is a program
of its own (it compiles alone, so it ends where a statement ends), and what the reader copies
carries no proof: no claim ids, no asserts, no `raise AssertionError`.
"""

from __future__ import annotations

import re
import shutil

import pytest
from gradsite import matrix_worker
from gradsite.project import CHECKS_LINE, ROOT, snippets, split_example

WITH_CHECKS = [
    name for name in snippets() if split_example((ROOT / name).read_text("utf-8")).checks
]
# A proof in the copied code: a claim id, an assert, an "it should have raised" branch.
PROOF = re.compile(r"^\s*(# claim:|assert\b|raise AssertionError\b)", re.M)


def recipe_alone(name: str, folder, code: str | None = None) -> dict:
    """Run the example's recipe as `python <name>.py` from a folder of its own (a reader's
    copy), through the matrix worker: the build's limits and leak checks."""
    recipe = split_example(code or (ROOT / name).read_text("utf-8")).recipe
    copy = folder / name
    copy.parent.mkdir(parents=True)
    copy.write_text(recipe, encoding="utf-8")
    try:
        return matrix_worker.run(str(folder), name, cwd=str(copy.parent), threads=1)
    finally:
        shutil.rmtree(folder / "snippets", ignore_errors=True)


def test_some_examples_have_checks():
    """The split is used (a check over WITH_CHECKS would otherwise pass on no example)."""
    assert WITH_CHECKS, f"no example in snippets/ has a {CHECKS_LINE!r} line"


@pytest.mark.parametrize("name", WITH_CHECKS)
def test_the_recipe_compiles_alone(name):
    """The recipe is a whole program: its last statement ends above the checks line."""
    recipe = split_example((ROOT / name).read_text("utf-8")).recipe
    compile(recipe, name, "exec")


@pytest.mark.parametrize("name", WITH_CHECKS)
def test_the_recipe_carries_no_proof(name):
    recipe = split_example((ROOT / name).read_text("utf-8")).recipe
    found = [m[0].strip() for m in PROOF.finditer(recipe)]
    assert not found, (
        f"{name}: the recipe (above {CHECKS_LINE!r}) holds {found}: claim ids, asserts and "
        "their harness go below that line, where the page folds them away"
    )


def test_a_recipe_that_fails_alone_is_caught(tmp_path):
    """A recipe that needs its checks' code does not pass alone (tests/test_snippets.py sees the
    same in its run of the whole file); one that ends inside a statement does not compile."""
    code = f"print(value)\n\n{CHECKS_LINE}\nvalue = 1\n"
    result = recipe_alone("snippets/retention/needs_its_checks.py", tmp_path, code)
    assert result["status"] == "failed" and "NameError" in result["error"]
    cut = split_example(f"values = [\n    1,\n{CHECKS_LINE}\n    2,\n]\n").recipe
    with pytest.raises(SyntaxError):
        compile(cut, "cut.py", "exec")


def test_split_example_keeps_the_files_line_numbers():
    code = "import torch\nprint(1)\n\n# --- checks ---\n\n# claim: x\nassert True\n"
    example = split_example(code)
    assert example.recipe == "import torch\nprint(1)\n"
    assert example.checks == "# claim: x\nassert True\n"
    assert code.splitlines()[example.checks_from - 1] == "# claim: x"
    assert split_example("print(1)\n") == type(example)("print(1)\n", "", None)
