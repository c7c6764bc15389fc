"""A chapter page as a Jupyter notebook, made with nbformat at build time.

The page's prose becomes Markdown cells and each example it shows becomes a
code cell that carries the output this build printed under it. The outputs are
read from the page's rendered HTML (`on_page_content`), in page order: each
shown example is a source block followed by its output block, and the source
block must equal the snippet's recipe (gradsite/project.py), or the build stops. So the notebook holds
what the page shows, whatever runs the examples.

Figures (hidden `exec="on" html="1"` blocks that call gradsite.pictures) are
left out: they need this project's code. An example that would run its own file
again (`__file__`; none does today: the multi-process ones fork their workers)
cannot run as a cell: its cell writes the file (`%%writefile`) and the next one
runs it with `python`, and that one carries the page's output.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import nbformat
from nbformat import v4

from gradsite import claims
from gradsite.project import HEADING_ID, INCLUDE, split_example

_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$\n?",
    re.M | re.S,
)
_ADMONITION = re.compile(
    r'^!!! (?P<kind>\w+)(?: "(?P<title>(?:[^"\\]|\\.)*)")?[ \t]*\n(?P<body>(?:(?:    .*)?\n)+)',
    re.M,
)
_MD_LINK = re.compile(r"\]\((?P<target>[^)\s]+?\.md)(?P<anchor>#[^)\s]*)?\)")


_HIGHLIGHT = re.compile(
    r'<div class="(?:[^"]* )?highlight(?: [^"]*)?"[^>]*>(?P<pre>.*?)</div>', re.S
)
_TAG = re.compile(r"<[^>]+>")


def shown_examples(html: str) -> list[tuple[str, str]]:
    """(source, output) of each example the page shows, in order.

    markdown-exec writes an example shown with its result as two code blocks
    with nothing between them: the source, then the output (site.css labels it).
    """
    blocks = [
        (m.start(), m.end(), unescape(_TAG.sub("", m["pre"]))) for m in _HIGHLIGHT.finditer(html)
    ]
    return [
        (blocks[i - 1][2], text)
        for i, (start, _, text) in enumerate(blocks)
        if i and not html[blocks[i - 1][1] : start].strip()
    ]


def _attrs(info: str) -> dict[str, str]:
    return dict(re.findall(r'(\w+)="([^"]*)"', info))


def _prose(text: str, page_url: str, site_url: str) -> str:
    """Page Markdown made plain for Jupyter: no heading ids or claim marks, admonitions as
    quotes, absolute links."""
    text = HEADING_ID.sub(r"\g<heading>", claims.strip(text))

    def admonition(match):
        title = (
            re.sub(r"\\(.)", r"\1", match["title"])
            if match["title"]
            else match["kind"].capitalize()
        )
        body = [
            line[4:] if line.startswith("    ") else line
            for line in match["body"].strip("\n").split("\n")
        ]
        return "\n".join([f"> **{title}**", ">", *(f"> {line}".rstrip() for line in body)]) + "\n"

    text = _ADMONITION.sub(admonition, text)

    def link(match):
        target = match["target"]
        folder = page_url.rsplit("/", 2)[0] + "/" if page_url.count("/") > 1 else ""
        parts = (folder + target).split("/")
        resolved: list[str] = []
        for part in parts:
            if part == "..":
                resolved and resolved.pop()
            elif part not in (".", ""):
                resolved.append(part)
        path = "/".join(resolved).removesuffix("index.md").removesuffix(".md")
        return f"]({site_url}{path}{match['anchor'] or ''})"

    return _MD_LINK.sub(link, text).strip()


def notebook(markdown: str, html: str, root: Path, *, page_url: str, site_url: str, where: str):
    """The notebook of one page: its Markdown source, its rendered HTML, the project folder."""
    examples = shown_examples(html)
    cells = []
    used = 0
    position = 0

    def prose(text: str) -> None:
        text = _prose(text, page_url, site_url)
        if text:
            cells.append(v4.new_markdown_cell(text))

    for fence in _FENCE.finditer(markdown):
        info, body = fence["info"], fence["body"]
        if info.startswith("math"):
            continue  # kept in the prose below, as $$ ... $$
        if 'exec="' not in info:
            continue
        prose(_math(markdown[position : fence.start()]))
        position = fence.end()
        attrs = _attrs(info)
        if attrs.get("source") != "above":
            continue  # a figure, or a block that shows only its result
        include = INCLUDE.match(body.strip())
        # An example's cell is its recipe, as the page shows it (the checks stay in the file).
        code = (
            split_example((root / include["path"]).read_text(encoding="utf-8")).recipe
            if include
            else body
        )
        name = Path(include["path"]).name if include else "example.py"
        if used >= len(examples):
            raise ValueError(f"{where}: example {name} has no output block in the page")
        shown, output = examples[used]
        used += 1
        if shown.strip() != code.strip():
            raise ValueError(f"{where}: the page's example block {used} is not {name}")
        if "__file__" in code:
            cells.append(v4.new_code_cell(f"%%writefile {name}\n{code}"))
            code = (
                "import subprocess, sys\n\n"
                f'run = subprocess.run([sys.executable, "{name}"], capture_output=True, text=True, check=True)\n'
                'print(run.stdout, end="")'
            )
        cell = v4.new_code_cell(code.rstrip("\n"))
        cell.outputs = [v4.new_output("stream", name="stdout", text=output)] if output else []
        cell.metadata["gradsite"] = {
            "snippet": include["path"] if include else None,
            "page_output": True,
        }
        cells.append(cell)
    prose(_math(markdown[position:]))
    if used != len(examples):
        raise ValueError(
            f"{where}: {len(examples) - used} output blocks of the page have no example"
        )
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
