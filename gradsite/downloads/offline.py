"""The offline copy (README, "What readers can take away"; CONTRIBUTING.md, "Build speed"): `make`,
below, builds the site, then the copy, a build of its own with Material's `offline` plugin on
(GRADSITE_OFFLINE=true, mkdocs.yml) so pages link to `.../index.html` and work from file://,
reusing the site's outputs from their shared GRADSITE_CACHE folder; `pack` zips it, with the site's
PDFs (book.py, printed at the end of the site's build), into the site. For the plugin's search from
disk: the web worker shim it would load from a CDN is a file of the site (`SHIM`, from the npm
package iframe-worker), and the plugin inlines /search/search_index.json into search_index.js
before gradsite/languages.py splits the index, so `write` writes it again per language, after it.
"""

from __future__ import annotations

import html
import logging
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gradsite.downloads import book
from gradsite.project import LANGUAGES, url_prefix
from gradsite.reproducible import build_date, epoch, write_zip, zip_date
from gradsite.runner import DISK_CACHE
from gradsite.words import WORDS

log = logging.getLogger("mkdocs.hooks.gradsite")

SWITCH = "GRADSITE_OFFLINE"  # mkdocs.yml: the offline plugin's `enabled`

OFFLINE_ZIP = "downloads/pytorch-gradients-offline.zip"
OFFLINE_FOLDER = "pytorch-gradients-handbook"  # the folder the archive unpacks into
SHIM = "assets/javascripts/iframe-worker-shim.js"


def plugin(config):
    return config.plugins.get("material/offline") or config.plugins.get("offline")


def enabled(config) -> bool:
    """Whether this build is the offline copy (its offline plugin is on)."""
    found = plugin(config)
    return bool(found and found.config.enabled)


def use_local_shim(config) -> None:
    """The offline build's web worker shim is a file of the site (before Material's offline
    plugin would add its CDN copy)."""
    if enabled(config):
        config.extra["polyfills"] = [SHIM]


def _books(config, site: Path) -> list[Path]:
    """The PDF of each language (book.py), beside its home page; [] when left out."""
    if os.environ.get(book.SWITCH, "1") == "0":
        log.info(f"no PDFs: {book.SWITCH}=0")
        return []
    browser = book.chromium()
    if browser is None:
        if book.required():  # CI: the PDFs are part of the site it publishes
            log.error(f"no PDFs: {book.not_found()} and {book.REQUIRE}=1; {book.INSTALL}")
        else:  # a machine without a browser builds the rest: said once, not a warning
            log.info(f"left out: the PDFs, {book.not_found()} (it prints them); {book.INSTALL}")
        return []
    nav = [
        str(Path(next(iter(item.values())) if isinstance(item, dict) else item).parent)
        for item in config.nav
    ]
    nav = ["" if folder == "." else f"{folder}/" for folder in nav]
    seconds = epoch()
    jobs = []
    for language in LANGUAGES:
        root = url_prefix(language)
        home = (site / root / "index.html").read_text(encoding="utf-8")
        # The home page's <title> is the site's name, or "Home - <site name>".
        title = re.search(r"<title>(.*?)</title>", home, re.S)[1].strip()
        title = html.unescape(title).rsplit(" - ", 1)[-1]
        description = re.search(r'<meta name="description" content="([^"]*)"', home)[1]
        url = f"{(config.site_url or '/').rstrip('/')}/{root}"
        words = dict(WORDS[language]["book"])
        date = time.strftime("%Y-%m-%d", time.gmtime(seconds))
        torch = config.extra.get("torch_version", "?")
        words["built"] = html.escape(words["built"].format(torch=torch, date=date, url=url))
        text = book.book_html(site, root, nav, words, title, html.unescape(description), url)
        style = f'<link rel="stylesheet" href="{"../" * root.count("/")}assets/book.css">'
        text = text.replace("</head>", f"{style}\n</head>", 1)
        source = site / root / "book.html"
        source.write_text(text, encoding="utf-8")
        jobs.append((source, site / root / book.NAME.format(language=language)))
    started = time.monotonic()
    errors = book.print_books(jobs, browser, seconds)
    for source, _ in jobs:
        source.unlink()
    for error in errors:
        log.error(f"no PDF: {error}")
    if errors:
        return []
    sizes = ", ".join(f"{target.name} {target.stat().st_size / 1e6:.1f} MB" for _, target in jobs)
    log.info(f"PDFs printed by Chromium in {time.monotonic() - started:.1f} s: {sizes}")
    return [target for _, target in jobs]


def pack(copy: Path, site: Path, date: str | None) -> None:
    """The offline copy's files (built into `copy`) and the site's PDFs, in one zip under the
    site, every entry dated `date` (SOURCE_DATE_EPOCH)."""
    files = {
        f"{OFFLINE_FOLDER}/{path.relative_to(copy).as_posix()}": path.read_bytes()
        for path in copy.rglob("*")
        if path.is_file() and path.suffix != ".gz"
    }
    for language in LANGUAGES:  # the PDFs, printed once from the site's pages
        pdf = f"{url_prefix(language)}{book.NAME.format(language=language)}"
        if (site / pdf).is_file():
            files[f"{OFFLINE_FOLDER}/{pdf}"] = (site / pdf).read_bytes()
    write_zip(site / OFFLINE_ZIP, files, zip_date(date))


def make(site: Path, build, project: Path, outputs: Path | None = None) -> tuple[int, str]:
    """`make build`: the site's strict build into `site`, then the offline copy's, then the zip;
    the first failing build's code (no copy after a failure) and both logs. `build(site_dir, env)`
    runs one strict build of `project` in a process of its own, `env` added to its environment,
    and returns (exit code, log). The outputs go to a temporary folder, or to `outputs`, kept for
    another build to reuse (the suite's second, tests/conftest.py). Both builds and the zip get one
    SOURCE_DATE_EPOCH, fixed before the first starts: the second build, a process started later,
    must date its pages and zips as the first did, whatever its parent's environment holds then."""
    date = build_date(project)
    with tempfile.TemporaryDirectory(prefix="gradsite-offline-") as tmp:
        shared = {DISK_CACHE: str(outputs or Path(tmp) / "outputs")}  # for the copy, or kept
        if date:
            shared["SOURCE_DATE_EPOCH"] = date
        code, log = build(site, shared)
        if code:
            return code, log
        copy = Path(tmp) / "site"
        code, more = build(copy, {**shared, SWITCH: "true"})
        if not code:
            pack(copy, site, date)
        return code, log + more


def write(config, site: Path) -> None:
    """In the offline copy's own build: its search scripts, search_index.js for each language's
    index (Material reads it from file://); in the site's build: the PDFs."""
    if enabled(config):
        for language in LANGUAGES:
            folder = site / url_prefix(language) / "search"
            data = (folder / "search_index.json").read_text(encoding="utf-8")
            (folder / "search_index.js").write_text(f"var __index = {data}", encoding="utf-8")
    elif plugin(config):
        _books(config, site)


def mkdocs_build(site: Path, env: dict) -> tuple[int, str]:
    """`mkdocs build --strict` into `site`, its log passed through as it comes."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    return subprocess.run(command, env={**os.environ, **env}).returncode, ""
