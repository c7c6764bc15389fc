"""Each chapter's notebook (gradsite/downloads/notebooks.py) holds the page, and runs.

The notebooks come from the session's one build (the `site` fixture). Each
Chinese one runs top to bottom in a real Jupyter kernel (tests/notebook_check.py),
and every cell that carries an output of the page must print exactly that: here
the notebooks whose code or outputs changed since data/notebook-check.json
recorded a passing run, every one in the weekly drift job. The English notebooks
hold the same code cells and outputs (the code is shared, only the prose
differs), so running one language proves both.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from gradsite.project import CHAPTERS, LANGUAGES, ROOT, url_prefix

import notebook_check

RECORD = notebook_check.RECORD.relative_to(ROOT)

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
    return notebook_check.read(site.site, chapter, language)


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
        cells = notebook_check.page_outputs(book)
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
        assert notebook_check.page_outputs(zh) == notebook_check.page_outputs(en)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_notebook_runs_in_a_jupyter_kernel_and_prints_what_the_page_shows(
    site, tmp_path, monkeypatch, record_property, chapter
):
    """Run in a kernel unless data/notebook-check.json holds a passing run of these very cells
    and outputs, on these versions (`make notebook-check` records it)."""
    book = _notebook(site, "zh", chapter)
    if notebook_check.load().get(chapter) == notebook_check.key(book):
        record_property("summary", f"notebook {chapter}: current in {RECORD}, not run")
        return
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")  # jupyter_core's future default
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    problems = notebook_check.problems(book, chapter, tmp_path)
    assert not problems, "\n".join(problems)
    record_property(
        "summary",
        f"notebook {chapter}: ran in a Jupyter kernel, passed; `make notebook-check` records it",
    )


def test_a_changed_notebook_runs_again(site):
    """The record is current only for the same code cells, outputs and versions."""
    book = _notebook(site, "zh", CHAPTERS[0])
    before = notebook_check.key(book)
    assert notebook_check.key(_notebook(site, "zh", CHAPTERS[0])) == before
    prose = next(cell for cell in book.cells if cell.cell_type == "markdown")
    prose.source += " 改了一句话"
    assert notebook_check.key(book) == before, "an edited sentence runs nothing"
    cell = next(cell for cell in book.cells if cell.cell_type == "code")
    cell.source += "\n"
    assert notebook_check.key(book) != before


def test_a_notebook_that_prints_something_else_fails(site, tmp_path, monkeypatch):
    """The kernel run can fail: a cell edited to print another value is found."""
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    book = _notebook(site, "zh", CHAPTERS[0])
    first = next(
        cell for cell in book.cells if cell.metadata.get("gradsite", {}).get("page_output")
    )
    book.cells = [first]  # one cell: a kernel's start-up, not the chapter
    first.source += '\nprint("something else")'
    found = notebook_check.problems(book, CHAPTERS[0], tmp_path)
    assert len(found) == 1 and "something else" in found[0], found
