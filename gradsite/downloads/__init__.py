"""What a reader can take away, made by the same build (jobs of gradsite/hooks.py; what each holds:
README, "What readers can take away"): the notebooks (notebooks.py), the examples zips (here), the
PDFs (book.py) and the offline copy (offline.py, `make build` only). Zip entries carry the build
date (gradsite/reproducible.py): two builds of a commit give byte-identical archives. Nothing is
made once the build has logged a warning or an error: it fails, and its report stays clear.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from mkdocs.utils import get_relative_url

from gradsite.buildlog import failed_so_far
from gradsite.downloads import book, notebooks, offline
from gradsite.project import (
    CHAPTERS,
    LANGUAGES,
    chapter_of,
    chapter_snippets,
    language_of_build,
    pins,
    root_of,
    serving,
    url_prefix,
)
from gradsite.reproducible import write_zip, zip_date
from gradsite.words import WORDS

log = logging.getLogger("mkdocs.hooks.gradsite")


def write_notebook(page, config, context) -> None:
    """A chapter page's notebook, beside it: its prose, its examples, the outputs this build's
    runner (`context`) printed."""
    chapter = chapter_of(page.file.src_uri)
    if not chapter or failed_so_far():
        return
    markdown = Path(page.file.abs_src_path).read_text(encoding="utf-8")
    site_url = f"{(config.site_url or '/').rstrip('/')}/{url_prefix(language_of_build(config))}"
    root, where = root_of(config), f"docs/{page.file.src_uri}"
    try:
        notebook = notebooks.notebook(
            markdown, context, root, page_url=f"{chapter}/", site_url=site_url, where=where
        )
    except ValueError as error:  # the page and its examples disagree: say so, fail the build
        log.error(f"no notebook for {error}")
        return
    notebooks.write(notebook, Path(page.file.abs_dest_path).parent / f"{chapter}.ipynb")


def _links(page, config) -> list[tuple[str, str]]:
    """(href, link text key) of the downloads a page links to."""
    chapter = chapter_of(page.file.src_uri)
    if chapter:
        return [(f"{chapter}.ipynb", "notebook"), (f"{chapter}-examples.zip", "examples")]
    found = []
    if page.file.src_uri.split(".")[0] == "index" and offline.plugin(config):  # a home page
        if book.wanted() and not serving(config):
            found.append((book.NAME.format(language=language_of_build(config)), "pdf"))
        if not offline.enabled(config) and not serving(config):  # serve makes no offline copy
            found.append((get_relative_url(offline.OFFLINE_ZIP, page.url), "offline"))
    return found


def add_links(output, page, config) -> str:
    """Put the page's download links right under its title."""
    links = _links(page, config)
    if not links:
        return output
    words = WORDS[language_of_build(config)]["downloads"]
    items = "".join(
        f'<li><a href="{href}" download>{words[key]}</a>{words[key + "_note"]}</li>'
        for href, key in links
    )
    at = output.index("</h1>", output.index('<article class="md-content__inner')) + len("</h1>")
    return output[:at] + f'\n<ul class="gs-downloads">{items}</ul>' + output[at:]


def _examples_zips(config, site: Path, root: Path) -> None:
    built = [
        (language, chapter)
        for language in LANGUAGES
        for chapter in CHAPTERS
        if (site / url_prefix(language) / chapter / "index.html").is_file()
    ]  # all, but in some tests
    if not built:
        return
    versions = pins(root)
    requirements = "".join(f"{name}=={version}\n" for name, version in versions.items())
    date = zip_date()
    for language, chapter in built:
        folder = site / url_prefix(language) / chapter
        snippets = chapter_snippets(chapter, language, root)
        page = (folder / "index.html").read_text(encoding="utf-8")
        title = re.search(r"<h1[^>]*>(.*?)<", page, re.S).group(1).strip()
        url = f"{(config.site_url or '/').rstrip('/')}/{url_prefix(language)}{chapter}/"
        names = [Path(s).name for s in snippets]
        files = {f"{chapter}/{name}": (root / s).read_bytes() for name, s in zip(names, snippets)}
        files[f"{chapter}/requirements.txt"] = requirements.encode()
        listing = "\n".join(f"- `{name}`" for name in names)
        readme = WORDS[language]["readme"]["text"].format(
            title=title, first=names[0], torch=versions["torch"], files=listing, url=url
        )
        files[f"{chapter}/README.md"] = readme.encode()
        write_zip(folder / f"{chapter}-examples.zip", files, date)


def write_downloads(config) -> None:
    """After the last language is built, and the search index split per language: the
    examples zips, and the PDFs (the offline copy's build: its search scripts; see
    offline.py)."""
    if failed_so_far():
        log.info("no downloads: the build has failed")
        return
    site = Path(config.site_dir)
    _examples_zips(config, site, root_of(config))  # the offline copy has them too
    if serving(config) and offline.plugin(config):
        log.info("no PDFs, no offline copy: make serve leaves them out (make build makes them)")
    else:
        offline.write(config, site)
