"""What a reader can take away, made by the same build (jobs of gradsite/hooks.py).

* Per chapter and language, `<chapter>.ipynb` beside the chapter's page: the
  page as a Jupyter notebook with this build's outputs (gradsite/notebooks.py).
* Per chapter and language, `<chapter>-examples.zip` beside the chapter's page:
  the chapter's snippets as files, a pinned requirements.txt and a README in
  the page's language.
* Per language, a PDF of the whole site beside its home page,
  /pytorch-gradients-zh.pdf and /en/pytorch-gradients-en.pdf, printed by
  Chromium from the pages just built (gradsite/book.py; the home pages link it).
* One offline copy of the whole site, both languages, at
  /downloads/pytorch-gradients-offline.zip (the home pages link it), the PDFs
  included. It is a
  second build of the same project in this process, with Material's `offline`
  plugin switched on in its config: pages link to `.../index.html`, so they work
  from disk (file://). The examples are not run again: the second build is handed
  the first one's runner Context, with its outputs.

Material's offline plugin makes search work from disk with two things this
module provides for the site's language setup:

* the web worker shim it would load from a CDN is a file of the site
  (gradsite/overrides/assets/javascripts/iframe-worker-shim.js, from the npm
  package iframe-worker): nothing is requested from another host;
* the plugin inlines /search/search_index.json into search_index.js before
  gradsite/languages.py splits the index per language; this module writes
  search_index.js again for each language, after the split.

Zip entries carry the build date (SOURCE_DATE_EPOCH, gradsite/reproducible.py),
so two builds of a commit give byte-identical archives.
"""

from __future__ import annotations

import html
import logging
import os
import re
import tempfile
import time
import zipfile
from pathlib import Path

from mkdocs.utils import CountHandler, get_relative_url

from gradsite import book, notebooks
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
from gradsite.words import WORDS

log = logging.getLogger("mkdocs.hooks.gradsite")

OFFLINE_ZIP = "downloads/pytorch-gradients-offline.zip"
OFFLINE_FOLDER = "pytorch-gradients-handbook"  # the folder the archive unpacks into
SHIM = "assets/javascripts/iframe-worker-shim.js"


def _failed_so_far() -> bool:
    """Whether this strict build has logged a warning or an error: it fails, so no downloads.

    A failing example leaves the page without its output; making a notebook of it,
    or building the offline copy, would only add noise to the failure's report."""
    for handler in logging.getLogger("mkdocs").handlers:
        if isinstance(handler, CountHandler) and handler.get_counts():
            return True
    return False


def _offline_plugin(config):
    return config.plugins.get("material/offline") or config.plugins.get("offline")


def _offline(config) -> bool:
    plugin = _offline_plugin(config)
    return bool(plugin and plugin.config.enabled)


def use_local_shim(config) -> None:
    """The offline build's web worker shim is a file of the site (before Material's offline
    plugin would add its CDN copy)."""
    if _offline(config):
        config.extra["polyfills"] = [SHIM]


def write_notebook(html, page, config) -> None:
    """A chapter page's notebook, beside it: its prose, its examples, the outputs just rendered."""
    chapter = chapter_of(page.file.src_uri)
    if chapter and not _failed_so_far():
        root = root_of(config)
        prefix = url_prefix(language_of_build(config))
        try:
            book = notebooks.notebook(
                Path(page.file.abs_src_path).read_text(encoding="utf-8"),
                html,
                root,
                page_url=f"{chapter}/",
                site_url=f"{(config.site_url or '/').rstrip('/')}/{prefix}",
                where=f"docs/{page.file.src_uri}",
            )
        except ValueError as error:  # the page and its examples disagree: say so, fail the build
            log.error(f"no notebook for {error}")
            return
        notebooks.write(book, Path(page.file.abs_dest_path).parent / f"{chapter}.ipynb")


def _links(page, config) -> list[tuple[str, str]]:
    """(href, link text key) of the downloads a page links to."""
    chapter = chapter_of(page.file.src_uri)
    if chapter:
        return [(f"{chapter}.ipynb", "notebook"), (f"{chapter}-examples.zip", "examples")]
    found = []
    if page.file.src_uri.split(".")[0] == "index" and _offline_plugin(
        config
    ):  # each language's home
        if book.wanted() and not serving(config):
            found.append((book.NAME.format(language=language_of_build(config)), "pdf"))
        if not _offline(config) and not serving(config):  # serve makes no offline copy
            found.append((get_relative_url(OFFLINE_ZIP, page.url), "offline"))
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
    box = f'<ul class="gs-downloads">{items}</ul>'
    title_end = output.index("</h1>", output.index('<article class="md-content__inner')) + len(
        "</h1>"
    )
    return output[:title_end] + "\n" + box + output[title_end:]


def _date(config) -> tuple[int, int, int, int, int, int]:
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))  # 1980-01-01, zip's first day
    return time.gmtime(max(epoch, 315532800))[:6]


def _write_zip(target: Path, files: dict[str, bytes], date) -> None:
    """A zip of `files` (archive name -> content), in name order, every entry dated `date`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=date)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])


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
    date = _date(config)
    for language, chapter in built:
        folder = site / url_prefix(language) / chapter
        snippets = chapter_snippets(chapter, language, root)
        page = (folder / "index.html").read_text(encoding="utf-8")
        title = re.search(r"<h1[^>]*>(.*?)<", page, re.S).group(1).strip()
        url = f"{(config.site_url or '/').rstrip('/')}/{url_prefix(language)}{chapter}/"
        names = [Path(s).name for s in snippets]
        files = {f"{chapter}/{name}": (root / s).read_bytes() for name, s in zip(names, snippets)}
        files[f"{chapter}/requirements.txt"] = requirements.encode()
        readme = WORDS[language]["readme"]["text"].format(
            title=title,
            first=names[0],
            torch=versions["torch"],
            files="\n".join(f"- `{name}`" for name in names),
            url=url,
        )
        files[f"{chapter}/README.md"] = readme.encode()
        _write_zip(folder / f"{chapter}-examples.zip", files, date)


def _books(config, site: Path) -> list[Path]:
    """The PDF of each language (gradsite/book.py), beside its home page; [] when left out."""
    if not book.wanted():
        log.info(f"no PDFs: {book.SWITCH}=0")
        return []
    browser = book.chromium()
    if browser is None:
        log.error(
            "no PDFs: Chromium not found (it prints them). Debian: apt-get install chromium fonts-noto-cjk; "
            f"elsewhere set GRADSITE_CHROMIUM to Chromium or Chrome; {book.SWITCH}=0 builds without the PDFs"
        )
        return []
    nav = [
        str(Path(next(iter(item.values())) if isinstance(item, dict) else item).parent)
        for item in config.nav
    ]
    nav = ["" if folder == "." else f"{folder}/" for folder in nav]
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    jobs = []
    for language in LANGUAGES:
        root = url_prefix(language)
        home = (site / root / "index.html").read_text(encoding="utf-8")
        # The home page's <title> is the site's name, or "Home - <site name>".
        title = html.unescape(re.search(r"<title>(.*?)</title>", home, re.S)[1].strip()).rsplit(
            " - ", 1
        )[-1]
        description = html.unescape(
            re.search(r'<meta name="description" content="([^"]*)"', home)[1]
        )
        url = f"{(config.site_url or '/').rstrip('/')}/{root}"
        words = dict(WORDS[language]["book"])
        date = time.strftime("%Y-%m-%d", time.gmtime(epoch))
        torch = config.extra.get("torch_version", "?")
        words["built"] = html.escape(words["built"].format(torch=torch, date=date, url=url))
        text = book.book_html(site, root, nav, words, title, description, url)
        style = f'<link rel="stylesheet" href="{"../" * root.count("/")}assets/book.css">'
        text = text.replace("</head>", f"{style}\n</head>", 1)
        source = site / root / "book.html"
        source.write_text(text, encoding="utf-8")
        jobs.append((source, site / root / book.NAME.format(language=language)))
    started = time.monotonic()
    errors = book.print_books(jobs, browser, epoch)
    for source, _ in jobs:
        source.unlink()
    for error in errors:
        log.error(f"no PDF: {error}")
    if errors:
        return []
    sizes = ", ".join(f"{target.name} {target.stat().st_size / 1e6:.1f} MB" for _, target in jobs)
    log.info(f"PDFs printed by Chromium in {time.monotonic() - started:.1f} s: {sizes}")
    return [target for _, target in jobs]


def _offline_copy(config, site: Path, prepare, extra: list[Path]) -> None:
    """Build the site again with the offline plugin on, into one zip under site/.

    `prepare(config)` readies the second build's config (gradsite/hooks.py hands it the
    runner's outputs)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    with tempfile.TemporaryDirectory(prefix="gradsite-offline-") as tmp:
        offline = load_config(
            config.config_file_path, site_dir=str(Path(tmp) / "site"), strict=config.strict
        )
        _offline_plugin(offline).config.enabled = True
        prepare(offline)
        build(offline)
        built = Path(tmp) / "site"
        files = {
            f"{OFFLINE_FOLDER}/{path.relative_to(built).as_posix()}": path.read_bytes()
            for path in built.rglob("*")
            if path.is_file() and path.suffix != ".gz"
        }
        for path in extra:  # the PDFs, printed once from the site's pages
            files[f"{OFFLINE_FOLDER}/{path.relative_to(site).as_posix()}"] = path.read_bytes()
    _write_zip(site / OFFLINE_ZIP, files, _date(config))


def _search_scripts(site: Path) -> None:
    """search_index.js for each language's index (Material reads it from file://)."""
    for language in LANGUAGES:
        folder = site / url_prefix(language) / "search"
        data = (folder / "search_index.json").read_text(encoding="utf-8")
        (folder / "search_index.js").write_text(f"var __index = {data}", encoding="utf-8")


def write_downloads(config, prepare) -> None:
    """After the last language is built, and the search index split per language: the
    examples zips, and the offline copy (`prepare`: see _offline_copy)."""
    if _failed_so_far():
        log.info("no downloads: the build has failed")
        return
    site = Path(config.site_dir)
    _examples_zips(config, site, root_of(config))  # the offline copy has them too
    if _offline(config):
        _search_scripts(site)
    elif _offline_plugin(config) and serving(config):
        log.info("no offline copy: make serve leaves it out (make build makes it)")
    elif _offline_plugin(config):
        _offline_copy(config, site, prepare, _books(config, site))
