"""MkDocs hook: what a reader can take away, made by the same build.

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
  plugin on (GRADSITE_OFFLINE=true turns it on in mkdocs.yml): pages link to
  `.../index.html`, so they work from disk (file://). The examples are not run
  again: gradsite/execute.py reuses their outputs within a process.

Material's offline plugin makes search work from disk with two things this
hook provides for the site's language setup:

* the web worker shim it would load from a CDN is a file of the site
  (gradsite/overrides/assets/javascripts/iframe-worker-shim.js, from the npm
  package iframe-worker): nothing is requested from another host;
* the plugin inlines /search/search_index.json into search_index.js before
  gradsite/languages.py splits the index per language; this hook writes
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
from importlib import metadata
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.utils import CountHandler, get_relative_url

from gradsite import book, notebooks

log = logging.getLogger("mkdocs.hooks.gradsite")

CHAPTERS = ("retention", "zeroing", "detach", "accumulation")
OFFLINE = "GRADSITE_OFFLINE"
OFFLINE_ZIP = "downloads/pytorch-gradients-offline.zip"
OFFLINE_FOLDER = "pytorch-gradients-handbook"  # the folder the archive unpacks into
SHIM = "assets/javascripts/iframe-worker-shim.js"
PINNED = ("torch", "numpy")  # what the examples import, pinned as in pyproject.toml

README = {
    "zh": """# {title}：示例代码

这些文件就是网页上的示例，每个都是完整的程序，页面上的输出就是它们在构建网站时打印的内容。

运行方法（需要 Python 3.11）：

```sh
python -m venv .venv
. .venv/bin/activate            # Windows：.venv\\Scripts\\activate
pip install -r requirements.txt
python {first}
```

`requirements.txt` 固定了生成网页输出时用的版本。PyPI 上的 `torch` 通常是几 GB 的 CUDA 版本；
只需要 CPU 版时，先运行
`pip install torch=={torch} --index-url https://download.pytorch.org/whl/cpu`。

文件（与网页上的顺序相同）：

{files}

网页：{url}
""",
    "en": """# {title}: the examples

These files are the examples of the page, each a complete program; the outputs on the page are
what they printed when the site was built.

To run them (Python 3.11):

```sh
python -m venv .venv
. .venv/bin/activate            # Windows: .venv\\Scripts\\activate
pip install -r requirements.txt
python {first}
```

`requirements.txt` pins the versions that produced the page's outputs. PyPI's `torch` is usually a
CUDA build of several GB; for the CPU-only one, run
`pip install torch=={torch} --index-url https://download.pytorch.org/whl/cpu` first.

Files, in the order of the page:

{files}

The page: {url}
""",
}

_INCLUDE = re.compile(r'^--8<-- "(snippets/[^"]+\.py)"\s*$', re.M)
_PIN = re.compile(r"(?P<name>[A-Za-z0-9_.-]+)==(?P<version>[^;\s]+)")


def _failed_so_far() -> bool:
    """Whether this strict build has logged a warning or an error: it fails, so no downloads.

    A failing example leaves the page without its output; making a notebook of it,
    or building the offline copy, would only add noise to the failure's report."""
    for handler in logging.getLogger("mkdocs").handlers:
        if isinstance(handler, CountHandler) and handler.get_counts():
            return True
    return False


def _i18n(config):
    return config.plugins.get("i18n")


def _offline(config) -> bool:
    plugin = config.plugins.get("material/offline") or config.plugins.get("offline")
    return bool(plugin and plugin.config.enabled)


@event_priority(50)  # before Material's offline plugin adds the CDN shim
def on_config(config):
    if _offline(config):
        config.extra["polyfills"] = [SHIM]
    return config


def _chapter(page) -> str | None:
    chapter = page.file.src_uri.split("/")[0]
    return chapter if chapter in CHAPTERS and page.file.src_uri.startswith(f"{chapter}/index.") else None


def on_page_content(html, page, config, files):
    """A chapter page's notebook, beside it: its prose, its examples, the outputs just rendered."""
    chapter = _chapter(page)
    if chapter and not _failed_so_far():
        root = Path(config.config_file_path).resolve().parent
        language = _i18n(config).current_language
        prefix = "" if language == _i18n(config).default_language else f"{language}/"
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
            return html
        notebooks.write(book, Path(page.file.abs_dest_path).parent / f"{chapter}.ipynb")
    return html


# The links, under the page's title; the text is the page's language.
LINKS = {
    "zh": {
        "notebook": "下载本章的 Jupyter 笔记本",
        "notebook_note": "（正文和全部示例，带着本页的输出）",
        "examples": "下载本章的示例代码",
        "examples_note": "（zip：示例文件、<code>requirements.txt</code> 和运行说明）",
        "pdf": "下载本书的 PDF",
        "pdf_note": "：全部章节，带着示例的输出和插图，可以打印。",
        "offline": "下载整个网站，离线阅读",
        "offline_note": "：包含中英文两种语言和搜索；解压后用浏览器打开 <code>index.html</code>（英文版是 <code>en/index.html</code>）。",
    },
    "en": {
        "notebook": "Download this chapter as a Jupyter notebook",
        "notebook_note": " (the text and every example, with the outputs shown here)",
        "examples": "Download this chapter's examples",
        "examples_note": " (a zip of the files, with <code>requirements.txt</code> and a README)",
        "pdf": "Download the book as a PDF",
        "pdf_note": ": every chapter, with the examples' outputs and the pictures, ready to print.",
        "offline": "Download the whole site for offline reading",
        "offline_note": ": both languages, search included; unzip it and open <code>index.html</code> (or <code>en/index.html</code>) in a browser.",
    },
}


def _links(page, config) -> list[tuple[str, str]]:
    """(href, link text key) of the downloads a page links to."""
    chapter = _chapter(page)
    if chapter:
        return [(f"{chapter}.ipynb", "notebook"), (f"{chapter}-examples.zip", "examples")]
    found = []
    if page.file.src_uri.split(".")[0] == "index":  # each language's home
        if book.wanted() and _COMMAND != "serve":
            found.append((book.NAME.format(language=_i18n(config).current_language), "pdf"))
        if not _offline(config):
            found.append((get_relative_url(OFFLINE_ZIP, page.url), "offline"))
    return found


def on_post_page(output, page, config):
    """Put the page's download links right under its title."""
    links = _links(page, config)
    if not links:
        return output
    words = LINKS[_i18n(config).current_language]
    items = "".join(
        f'<li><a href="{href}" download>{words[key]}</a>{words[key + "_note"]}</li>' for href, key in links
    )
    box = f'<ul class="gs-downloads">{items}</ul>'
    title_end = output.index("</h1>", output.index('<article class="md-content__inner')) + len("</h1>")
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


def pins() -> dict[str, str]:
    """{package: version} of the examples' imports: this project's exact pins (pyproject.toml,
    as installed), so the archive asks for the versions that printed the page's outputs."""
    found = {}
    for requirement in metadata.requires("gradsite") or []:
        if match := _PIN.fullmatch(requirement.strip()):
            found[match["name"]] = match["version"]
    return {name: found[name] for name in PINNED}


def chapter_snippets(root: Path, chapter: str, language: str) -> list[str]:
    """The snippets a chapter page includes, in page order, each once."""
    page = (root / "docs" / chapter / f"index.{language}.md").read_text(encoding="utf-8")
    return list(dict.fromkeys(_INCLUDE.findall(page)))


def _examples_zips(config, site: Path, root: Path, languages: list[str], default: str) -> None:
    versions = pins()
    requirements = "".join(f"{name}=={version}\n" for name, version in versions.items())
    date = _date(config)
    for language in languages:
        for chapter in CHAPTERS:
            snippets = chapter_snippets(root, chapter, language)
            folder = site / chapter if language == default else site / language / chapter
            page = (folder / "index.html").read_text(encoding="utf-8")
            title = re.search(r"<h1[^>]*>(.*?)<", page, re.S).group(1).strip()
            url = f"{(config.site_url or '/').rstrip('/')}/{'' if language == default else language + '/'}{chapter}/"
            names = [Path(s).name for s in snippets]
            files = {f"{chapter}/{name}": (root / s).read_bytes() for name, s in zip(names, snippets)}
            files[f"{chapter}/requirements.txt"] = requirements.encode()
            readme = README[language].format(
                title=title,
                first=names[0],
                torch=versions["torch"],
                files="\n".join(f"- `{name}`" for name in names),
                url=url,
            )
            files[f"{chapter}/README.md"] = readme.encode()
            _write_zip(folder / f"{chapter}-examples.zip", files, date)


_COMMAND = "build"


def on_startup(command, dirty):
    global _COMMAND
    _COMMAND = command


def _books(config, site: Path, languages: list[str], default: str) -> list[Path]:
    """The PDF of each language (gradsite/book.py), beside its home page; [] when left out."""
    if not book.wanted() or _COMMAND == "serve":
        log.info("no PDFs: " + ("make serve leaves them out" if _COMMAND == "serve" else f"{book.SWITCH}=0"))
        return []
    browser = book.chromium()
    if browser is None:
        log.error(
            "no PDFs: Chromium not found (it prints them). Debian: apt-get install chromium fonts-noto-cjk; "
            f"elsewhere set GRADSITE_CHROMIUM to Chromium or Chrome; {book.SWITCH}=0 builds without the PDFs"
        )
        return []
    nav = [str(Path(next(iter(item.values())) if isinstance(item, dict) else item).parent) for item in config.nav]
    nav = ["" if folder == "." else f"{folder}/" for folder in nav]
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    jobs = []
    for language in languages:
        root = "" if language == default else f"{language}/"
        home = (site / root / "index.html").read_text(encoding="utf-8")
        # The home page's <title> is the site's name, or "Home - <site name>".
        title = html.unescape(re.search(r"<title>(.*?)</title>", home, re.S)[1].strip()).rsplit(" - ", 1)[-1]
        description = html.unescape(re.search(r'<meta name="description" content="([^"]*)"', home)[1])
        url = f"{(config.site_url or '/').rstrip('/')}/{root}"
        words = dict(book.WORDS[language])
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


def _offline_copy(config, site: Path, extra: list[Path]) -> None:
    """Build the site again with the offline plugin on, into one zip under site/."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    with tempfile.TemporaryDirectory(prefix="gradsite-offline-") as tmp:
        os.environ[OFFLINE] = "true"
        try:
            offline = load_config(config.config_file_path, site_dir=str(Path(tmp) / "site"), strict=config.strict)
            build(offline)
        finally:
            del os.environ[OFFLINE]
        built = Path(tmp) / "site"
        files = {
            f"{OFFLINE_FOLDER}/{path.relative_to(built).as_posix()}": path.read_bytes()
            for path in built.rglob("*")
            if path.is_file() and path.suffix != ".gz"
        }
        for path in extra:  # the PDFs, printed once from the site's pages
            files[f"{OFFLINE_FOLDER}/{path.relative_to(site).as_posix()}"] = path.read_bytes()
    _write_zip(site / OFFLINE_ZIP, files, _date(config))


def _search_scripts(site: Path, languages: list[str], default: str) -> None:
    """search_index.js for each language's index (Material reads it from file://)."""
    for language in languages:
        folder = site / "search" if language == default else site / language / "search"
        data = (folder / "search_index.json").read_text(encoding="utf-8")
        (folder / "search_index.js").write_text(f"var __index = {data}", encoding="utf-8")


@event_priority(-120)  # after gradsite/languages.py has split the search index (-110)
def on_post_build(config) -> None:
    i18n = _i18n(config)
    if i18n.building:
        return  # a nested language build: the site is not complete yet
    if _failed_so_far():
        log.info("no downloads: the build has failed")
        return
    site = Path(config.site_dir)
    languages, default = list(i18n.build_languages), i18n.default_language
    root = Path(config.config_file_path).resolve().parent
    _examples_zips(config, site, root, languages, default)  # the offline copy has them too
    if _offline(config):
        _search_scripts(site, languages, default)
    else:
        pdfs = _books(config, site, languages, default)
        _offline_copy(config, site, pdfs)
