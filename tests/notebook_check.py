"""Each chapter's notebook, top to bottom in a real Jupyter kernel (nbclient + ipykernel).

Every cell that carries an output of the page must print exactly that, and no cell may raise or
write to stderr. Only the Chinese notebooks run: the English ones hold the same code cells and
outputs (tests/test_notebooks.py checks that), so running one language proves both.

A kernel run repeats every example of the chapter (the build ran each once, tests/test_snippets.py
once more), so the result is kept, as data/cpu-check.json keeps the CPU check's:
data/notebook-check.json holds, for each chapter whose notebook passed, the hash of its code
cells and their outputs and the versions of Python, torch and the Jupyter packages that ran it
(`key`). `make test` (tests/test_notebooks.py) runs in a kernel only the notebooks whose record is
not current; the weekly drift job runs every one (`make notebook-check ALL=1`).

    .venv/bin/python tests/notebook_check.py          # the notebooks not current; records those that pass
    .venv/bin/python tests/notebook_check.py --all    # every notebook (the weekly job)

Either builds the site first, without its PDFs (the examples' outputs kept in .cache/gradsite).

It prints each problem and exits 1 if any notebook fails; what passed is recorded either way.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

import nbformat
from gradsite.project import CHAPTERS, ROOT, url_prefix

RECORD = ROOT / "data" / "notebook-check.json"
LANGUAGE = "zh"
# What runs a notebook, beside the cells: a new release of one may run them differently.
TOOLS = ("torch", "ipykernel", "jupyter_client", "nbclient", "nbformat")


def read(site: Path, chapter: str, language: str = LANGUAGE):
    """A chapter's notebook as the build wrote it, validated against the notebook format."""
    book = nbformat.read(site / url_prefix(language) / chapter / f"{chapter}.ipynb", as_version=4)
    nbformat.validate(book)
    return book


def _printed(cell) -> str:
    return "".join(o.get("text", "") for o in cell.outputs)


def _shows_page_output(cell) -> bool:
    return cell.metadata.get("gradsite", {}).get("page_output", False)


def page_outputs(book) -> list[tuple[str, str]]:
    """(source, output) of each code cell that carries an output of the page."""
    return [
        (cell.source, _printed(cell))
        for cell in book.cells
        if cell.cell_type == "code" and _shows_page_output(cell)
    ]


def key(book) -> str:
    """What a kernel run's result depends on: every code cell, the output it must print, and
    the versions of what runs it. The prose is not in it: an edited sentence runs nothing."""
    cells = [
        [cell.source, _shows_page_output(cell), _printed(cell)]
        for cell in book.cells
        if cell.cell_type == "code"
    ]
    versions = [platform.python_version()] + [f"{n}=={metadata.version(n)}" for n in TOOLS]
    return hashlib.sha256(json.dumps([cells, versions]).encode()).hexdigest()


def load(path: Path = RECORD) -> dict[str, str]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def problems(book, chapter: str, folder: Path) -> list[str]:
    """Run `book` in a new Jupyter kernel, working in `folder`: what is wrong, [] when nothing."""
    from nbclient import NotebookClient

    expected = page_outputs(book)
    book = nbformat.from_dict(json.loads(json.dumps(book)))  # a copy: the outputs go
    for cell in book.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    NotebookClient(
        book, kernel_name="python3", timeout=600, resources={"metadata": {"path": str(folder)}}
    ).execute()
    found = []
    for cell in book.cells:
        if cell.cell_type == "code":
            errors = [
                o for o in cell.outputs if o.output_type == "error" or o.get("name") == "stderr"
            ]
            if errors:
                found.append(f"{chapter}: {cell.source[:80]!r} wrote {errors}")
    ran = page_outputs(book)
    if [source for source, _ in ran] != [source for source, _ in expected]:
        found.append(f"{chapter}: the cells that carry a page output are not the page's examples")
    found += [
        f"{chapter}: {source[:80]!r} printed {output!r}, the page shows {shown!r}"
        for (source, output), (_, shown) in zip(ran, expected)
        if output != shown
    ]
    return found


def _build(site: Path) -> None:
    """The site without its PDFs, the examples' outputs kept in .cache/gradsite (`make serve`'s)."""
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT,
        env={**os.environ, "GRADSITE_PDF": "0", "GRADSITE_CACHE": ".cache/gradsite"},
        check=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="every notebook, current or not")
    args = parser.parse_args(argv)
    os.environ.setdefault("JUPYTER_PLATFORM_DIRS", "1")  # jupyter_core's future default
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    record, failed = load(), []
    with tempfile.TemporaryDirectory(prefix="gradsite-notebooks-") as tmp:
        _build(Path(tmp) / "site")
        for chapter in CHAPTERS:
            book = read(Path(tmp) / "site", chapter)
            if not args.all and record.get(chapter) == key(book):
                continue
            print(f"{chapter}: its notebook in a Jupyter kernel ...", flush=True)
            found = problems(book, chapter, Path(tmp))
            record.pop(chapter, None)
            if found:
                failed += found
            else:
                record[chapter] = key(book)
    record = {chapter: record[chapter] for chapter in CHAPTERS if chapter in record}
    RECORD.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    for problem in failed:
        print(problem, end="\n\n")
    print(f"{len(record)} of {len(CHAPTERS)} notebooks recorded in {RECORD.relative_to(ROOT)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
