"""Each chapter's notebook (gradsite/downloads/notebooks.py) holds the page, and runs.

The notebooks come from the session's one build (the `site` fixture). Each
Chinese one runs top to bottom in a real Jupyter kernel (nbclient + ipykernel),
and every cell that carries an output of the page must print exactly that. The
English notebooks hold the same code cells and outputs (the code is shared,
only the prose differs), so running one language proves both.
"""

from __future__ import annotations

import re
from html import unescape

import nbformat
import pytest
from gradsite.project import CHAPTERS, LANGUAGES, ROOT, url_prefix

_HIGHLIGHT = re.compile(
    r'<div class="(?:[^"]* )?highlight(?: [^"]*)?"[^>]*>(?P<pre>.*?)</div>', re.S
)


def shown_examples(html: str) -> list[tuple[str, str]]:
    """(source, output) of each example the page shows, in order: markdown-exec writes an
    example shown with its result as two code blocks with nothing between them (site.css
    labels the second). The notebook is made from the runner's outputs; this reads the page."""
    blocks = [
        (m.start(), m.end(), unescape(re.sub(r"<[^>]+>", "", m["pre"])))
        for m in _HIGHLIGHT.finditer(html)
    ]
    return [
        (blocks[i - 1][2], text)
        for i, (start, _, text) in enumerate(blocks)
        if i and not html[blocks[i - 1][1] : start].strip()
    ]


def _notebook(site, language: str, chapter: str):
    path = site.site / url_prefix(language) / chapter / f"{chapter}.ipynb"
    book = nbformat.read(path, as_version=4)
    nbformat.validate(book)
    return book


def _page_outputs(book) -> list[tuple[str, str]]:
    return [
        (cell.source, "".join(o.get("text", "") for o in cell.outputs))
        for cell in book.cells
        if cell.cell_type == "code" and cell.metadata.get("gradsite", {}).get("page_output")
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_chapter_page_links_a_notebook_of_its_prose_and_examples(site, language):
    for chapter in CHAPTERS:
        page = site.page(url_prefix(language) + chapter)
        assert f'href="{chapter}.ipynb" download' in page
        book = _notebook(site, language, chapter)
        markdown = "\n".join(c.source for c in book.cells if c.cell_type == "markdown")
        title = (
            (ROOT / "docs" / chapter / f"index.{language}.md")
            .read_text(encoding="utf-8")
            .splitlines()[0]
        )
        assert markdown.startswith(title), markdown[:100]
        assert "{#" not in markdown and "--8<--" not in markdown and "!!! " not in markdown
        # Every link leads to the web: the notebook has none of the page's heading ids.
        assert not re.findall(r"\]\((?!https?://)[^)]*\)", markdown), chapter
        # Every example the page shows is a cell, with the output the page shows.
        shown = shown_examples(page)
        cells = _page_outputs(book)
        assert len(cells) == len(shown) >= 10
        for (source, output), (page_source, page_output) in zip(cells, shown):
            assert output == page_output
            if "subprocess.run" not in source:  # the cell that runs a saved file (ddp_no_sync.py)
                assert source.strip() == page_source.strip()


def test_both_languages_share_code_and_outputs(site):
    for chapter in CHAPTERS:
        zh, en = (_notebook(site, language, chapter) for language in LANGUAGES)
        code = [[c.source for c in book.cells if c.cell_type == "code"] for book in (zh, en)]
        assert code[0] == code[1]
        assert _page_outputs(zh) == _page_outputs(en)


@pytest.mark.slow  # a Jupyter kernel per chapter, every example of it in a row
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_notebook_runs_in_a_jupyter_kernel_and_prints_what_the_page_shows(
    site, tmp_path, monkeypatch, chapter
):
    from nbclient import NotebookClient

    monkeypatch.setenv(
        "JUPYTER_PLATFORM_DIRS", "1"
    )  # jupyter_core's future default; no deprecation warning
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    book = _notebook(site, "zh", chapter)
    expected = _page_outputs(book)
    for cell in book.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    client = NotebookClient(
        book, kernel_name="python3", timeout=600, resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    for cell in book.cells:
        if cell.cell_type == "code":
            errors = [
                o for o in cell.outputs if o.output_type == "error" or o.get("name") == "stderr"
            ]
            assert not errors, f"{chapter}: {cell.source[:80]!r} wrote {errors}"
    ran = _page_outputs(book)
    assert [source for source, _ in ran] == [source for source, _ in expected]
    for (source, output), (_, page_output) in zip(ran, expected):
        assert output == page_output, f"{chapter}: {source[:80]!r}"
