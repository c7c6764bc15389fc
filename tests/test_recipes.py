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
import statistics

import pytest
from gradsite.matrix import worker as matrix_worker
from gradsite.project import (
    CHAPTERS,
    CHECKS_LINE,
    LANGUAGES,
    ROOT,
    included,
    page_source,
    snippets,
    split_example,
)

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


# A how-to section opens with its recipe, the first example the section's own text includes:
# readers land there, so it stays short, and a long demonstration folds below it.
RECIPE_LINES, MEDIAN_LINES = 15, 12
SECTION = re.compile(r"^#{2,4}[ \t].*?\{#(?P<id>[\w-]+)[^}\n]*\}[ \t]*$", re.M)


def non_empty_lines(code: str) -> int:
    return sum(1 for line in code.splitlines() if line.strip())


def opening_recipes(text: str, root=ROOT) -> dict[str, tuple[str, int]]:
    """{section id: (example, non-empty lines of its recipe)} for each section (##, ### or
    ####) of a page whose own text, up to the next heading, includes an example."""
    heads = list(SECTION.finditer(text))
    found = {}
    for head, after in zip(heads, [*heads[1:], None]):
        paths = included(text[head.end() : after.start() if after else len(text)])
        if paths:
            recipe = split_example((root / paths[0]).read_text("utf-8")).recipe
            found[head["id"]] = (paths[0], non_empty_lines(recipe))
    return found


def too_long(sizes: dict[str, tuple[str, int]]) -> list[str]:
    return [f"{where}: {name}, {n} lines" for where, (name, n) in sizes.items() if n > RECIPE_LINES]


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_section_opens_with_a_short_recipe(language):
    sizes = {
        f"docs/{page_source(chapter, language)}#{section}": found
        for chapter in CHAPTERS
        for section, found in opening_recipes(
            (ROOT / "docs" / page_source(chapter, language)).read_text("utf-8")
        ).items()
    }
    assert len(sizes) > 4 * len(CHAPTERS), "few sections found: has the heading pattern changed?"
    assert not too_long(sizes), (
        f"these sections open with a recipe of more than {RECIPE_LINES} non-empty lines: keep "
        "the recipe short and fold the long demonstration below it (CONTRIBUTING, 'Rules for "
        "an example'):\n" + "\n".join(too_long(sizes))
    )
    median = statistics.median(n for _, n in sizes.values())
    assert median <= MEDIAN_LINES, (
        f"{language}: the chapters' opening recipes have a median of {median} non-empty lines "
        f"(at most {MEDIAN_LINES})"
    )


def test_a_section_opening_with_a_long_recipe_is_found(tmp_path):
    """The check above can fail: the first example of each section is measured, not a later one."""
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "long.py").write_text("x = 1\n" * 16 + f"\n{CHECKS_LINE}\nassert x\n")
    (tmp_path / "snippets" / "short.py").write_text("print(1)\n")
    fence = '```python exec="on"\n--8<-- "snippets/{}.py"\n```\n'
    page = (
        "# Page\n\n## Long first {#long-first}\n\n"
        + fence.format("long")
        + fence.format("short")
        + "\n## Short first {#short-first}\n\n"
        + fence.format("short")
        + fence.format("long")
        + "\n### No example {#none}\n\nText.\n"
    )
    sizes = opening_recipes(page, tmp_path)
    assert sizes == {
        "long-first": ("snippets/long.py", 16),
        "short-first": ("snippets/short.py", 1),
    }
    assert too_long(sizes) == ["long-first: snippets/long.py, 16 lines"]
