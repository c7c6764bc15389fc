"""A chapter page as a Jupyter notebook (nbformat), made at build time: its prose as Markdown
cells, each example it shows as a code cell, its recipe (gradsite/project.py) carrying the output
this build printed under it (the runner's Context.result). Figures (hidden `exec="on" html="1"`
blocks that call gradsite.pictures) are left out: they need this project's code. An example that
would run its own file again (`__file__`; none does today: the multi-process ones fork their
workers) cannot run as a cell: its cell writes the file (`%%writefile`), and the next one, which
carries the page's output, runs it with `python`.
"""

from __future__ import annotations

import os
import re
import textwrap
from pathlib import Path

import nbformat
from nbformat import v4

from gradsite.claims.render import strip
from gradsite.pages import fences
from gradsite.project import HEADING_ID, split_example
from gradsite.runner import NO_EXEC, PLACEHOLDER, Context, Result

_ADMONITION = re.compile(
    r'^!!! (?P<kind>\w+)(?: "(?P<title>(?:[^"\\]|\\.)*)")?[ \t]*\n(?P<body>(?:(?:    .*)?\n)+)',
    re.M,
)
_MD_LINK = re.compile(r"\]\((?P<target>[^)\s]+?\.md)(?P<anchor>#[^)\s]*)?\)")
_SECTION_LINK = re.compile(r"\]\((?P<anchor>#[^)\s]+)\)")  # [...](#gan): a section of the page


def _prose(text: str, page_url: str, site_url: str) -> str:
    """Page Markdown made plain for Jupyter: no heading ids or claim marks, admonitions as
    quotes, absolute links."""
    text = HEADING_ID.sub(r"\g<heading>", strip(text))

    def admonition(match):
        title = re.sub(r"\\(.)", r"\1", match["title"] or "") or match["kind"].capitalize()
        body = [line.removeprefix("    ") for line in match["body"].strip("\n").split("\n")]
        return "\n".join([f"> **{title}**", ">", *(f"> {line}".rstrip() for line in body)]) + "\n"

    text = _ADMONITION.sub(admonition, text)

    def link(match):
        folder = page_url.rsplit("/", 2)[0] + "/" if page_url.count("/") > 1 else ""
        resolved: list[str] = []
        for part in (folder + match["target"]).split("/"):
            if part == "..":
                resolved and resolved.pop()
            elif part not in (".", ""):
                resolved.append(part)
        path = "/".join(resolved).removesuffix("index.md").removesuffix(".md")
        return f"]({site_url}{path}{match['anchor'] or ''})"

    # A link to a section of the page goes to the page on the site: the notebook's headings keep
    # no ids (Jupyter makes its own from their text), so "#gan" would lead nowhere.
    text = _SECTION_LINK.sub(lambda m: f"]({site_url}{page_url}{m['anchor']})", text)
    return _MD_LINK.sub(link, text).strip()


def _cells(code: str, output: str, name: str, snippet: str | None) -> list:
    """An example's cell with the page's output; an example that runs its own file again
    (`__file__`) as that file (`%%writefile`) and a cell that runs it, which carries it."""
    cells = []
    if "__file__" in code:
        cells.append(v4.new_code_cell(f"%%writefile {name}\n{code}"))
        code = (
            "import subprocess, sys\n\n"
            f'run = subprocess.run([sys.executable, "{name}"], capture_output=True, text=True, check=True)\n'
            'print(run.stdout, end="")'
        )
    cell = v4.new_code_cell(code.rstrip("\n"))
    cell.outputs = [v4.new_output("stream", name="stdout", text=output)] if output else []
    cell.metadata["gradsite"] = {"snippet": snippet, "page_output": True}
    return [*cells, cell]


def notebook(
    markdown: str, context: Context, root: Path, *, page_url: str, site_url: str, where: str
):
    """The notebook of one page: its Markdown source, the build's runner (its outputs), the
    project folder."""
    cells, position = [], 0

    def prose(text: str) -> None:
        text = _prose(text, page_url, site_url)
        if text:
            cells.append(v4.new_markdown_cell(text))

    for fence in fences(markdown):
        if "exec" not in fence.options:
            continue  # math and other blocks are kept in the prose (math as $$ ... $$)
        prose(_math(markdown[position : fence.start]))
        position = fence.end
        if fence.options.get("source") != "above":
            continue  # a figure, or a block that shows only its result
        snippet = fence.include
        name = Path(snippet).name if snippet else "example.py"
        result = context.result(snippet or textwrap.dedent(fence.body))
        if os.environ.get(NO_EXEC):  # nothing ran: the page's placeholder
            result = Result(PLACEHOLDER)
        if result is None or result.failure:
            raise ValueError(f"{where}: example {name} has no output in this build")
        code = fence.body
        if snippet:  # its recipe, as the page shows it (the checks stay in the file)
            code = split_example((root / snippet).read_text(encoding="utf-8")).recipe
        cells += _cells(code, result.output, name, snippet)
    prose(_math(markdown[position:]))
    for number, cell in enumerate(cells, 1):
        cell.id = f"cell-{number}"  # stable ids: the same page gives the same file
        if cell.cell_type == "code":
            cell.execution_count = None
    book = v4.new_notebook(cells=cells)
    book.metadata = {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
    }
    nbformat.validate(book)
    return book


def _math(text: str) -> str:
    """```math fences as $$ blocks, one formula per paragraph, as Jupyter renders them."""

    def block(match):
        formulas = [f.strip() for f in re.split(r"\n\s*\n", match["body"].strip()) if f.strip()]
        return "\n\n".join(f"$$\n{f}\n$$" for f in formulas) + "\n"

    return re.sub(r"^```math[^\n]*\n(?P<body>.*?)^```[ \t]*$", block, text, flags=re.M | re.S)


def write(book, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(nbformat.writes(book), encoding="utf-8")
