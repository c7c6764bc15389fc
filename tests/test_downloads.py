"""What readers take away (gradsite/downloads/): the chapters' examples as
files, and an offline copy of the whole site that works from disk.

All of it comes from the session's one build (the `site` fixture).
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from urllib.parse import unquote

import pytest
from gradsite.downloads.offline import OFFLINE_FOLDER, OFFLINE_ZIP
from gradsite.matrix import PINNED, RELEASES
from gradsite.project import CHAPTERS, LANGUAGES, ROOT, chapter_snippets, pins, url_prefix

README_WORDS = {"zh": "运行方法", "en": "To run them"}
OLDEST = RELEASES[0]


def _zip(site, language: str, chapter: str) -> Path:
    return site.site / url_prefix(language) / chapter / f"{chapter}-examples.zip"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_chapter_page_links_its_examples_zip(site, language):
    for chapter in CHAPTERS:
        page = site.page(url_prefix(language) + chapter)
        assert f'href="{chapter}-examples.zip" download' in page, (
            f"/{url_prefix(language)}{chapter}/ has no link"
        )
        assert _zip(site, language, chapter).is_file()


@pytest.mark.parametrize("language", LANGUAGES)
def test_examples_zip_holds_the_page_snippets_pins_and_a_readme_in_its_language(site, language):
    versions = pins()
    assert versions["torch"] == "2.13.0"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for name, version in versions.items():
        assert f'"{name}=={version}"' in pyproject, name
    for chapter in CHAPTERS:
        with zipfile.ZipFile(_zip(site, language, chapter)) as archive:
            names = archive.namelist()
            snippets = chapter_snippets(chapter, language)
            assert snippets, chapter
            for snippet in snippets:
                assert (
                    archive.read(f"{chapter}/{Path(snippet).name}") == (ROOT / snippet).read_bytes()
                )
            assert archive.read(f"{chapter}/requirements.txt").decode() == "".join(
                f"{name}=={version}\n" for name, version in versions.items()
            )
            readme = archive.read(f"{chapter}/README.md").decode()
            assert README_WORDS[language] in readme
            assert len(names) == len(snippets) + 2, names


# The archive's files are the snippets byte for byte, flat in the chapter's folder (above);
# tests/test_snippets.py runs each of them alone from its own folder, as a reader who
# unzips it would, so running the unzipped copies again would prove nothing more.


def test_home_pages_link_the_offline_copy(site):
    assert (site.site / OFFLINE_ZIP).is_file()
    assert f'href="{OFFLINE_ZIP}" download' in site.page("")
    assert f'href="../{OFFLINE_ZIP}" download' in site.page("en")


@pytest.fixture(scope="module")
def offline(site, tmp_path_factory) -> Path:
    """The offline copy, unpacked as a reader would."""
    folder = tmp_path_factory.mktemp("offline")
    with zipfile.ZipFile(site.site / OFFLINE_ZIP) as archive:
        archive.extractall(folder)
    return folder / OFFLINE_FOLDER


@pytest.mark.parametrize(
    ("start", "query", "expected"),
    [
        ("retention/index.html", "梯度清零", "zeroing/index.html"),
        ("en/retention/index.html", "zero_grad", "en/zeroing/index.html"),
        ("index.html", "model.eval()", "detach/index.html"),
        ("en/index.html", "version counter", "en/detach/index.html"),
        # The site's own ranking (docs/assets/search-query.js, `score`) from file:// too: with
        # Material's order, retention's module hooks would come first.
        ("en/index.html", "grad is none", "en/troubleshooting/index.html"),
    ],
)
def test_offline_copy_works_from_disk_search_included(chromium, offline, start, query, expected):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []

    def only_disk(route):
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", only_disk)
    page = context.new_page()
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.failure} {r.url}"))
    choice = page.locator(".mx-choice select")
    try:
        page.goto(offline.joinpath(start).as_uri(), wait_until="load")
        if start.endswith(
            "retention/index.html"
        ):  # My PyTorch, from file:// (data inline, no fetch)
            assert (
                choice.input_value() == PINNED
                and page.locator(".highlight[data-mx-label]").count() == 0
            )
            choice.select_option(OLDEST)
            assert f"PyTorch {OLDEST}" in page.locator(
                ".highlight[data-mx-label]"
            ).first.get_attribute("data-mx-label")
        # Links in the copy name their file: they work without a server.
        hrefs = page.locator("nav.md-nav--primary a.md-nav__link[href]").evaluate_all(
            "els => els.map(e => e.href)"
        )
        assert hrefs and all(h.split("#")[0].endswith(".html") for h in hrefs), hrefs
        box = page.locator("input.md-search__input")
        box.click()
        box.fill(query)
        links = page.locator(".md-search-result__item > .md-search-result__link")
        for _ in range(60):  # until the worker (in an iframe, from file://) has answered
            box.press("End")
            page.wait_for_timeout(250)
            if links.count():
                break
        results = [unquote(h) for h in links.evaluate_all("els => els.map(e => e.href)")]
        assert results, f"no results for {query!r} from {start}"
        first = results[0].split("?")[0].split("#")[0]
        assert first == offline.joinpath(expected).as_uri(), results[:3]
        page.goto(first, wait_until="load")
        assert page.locator("article h1").count() == 1
        if start.endswith(
            "retention/index.html"
        ):  # the choice followed the reader to the next file
            assert choice.input_value() == OLDEST
            choice.select_option(PINNED)
    finally:
        context.close()
    assert outside == [], f"requests that left the disk: {outside}"
    assert failed == [], failed


def test_make_serve_builds_no_offline_copy(tmp_path, caplog, monkeypatch):
    """A second whole build on every `make serve` rebuild would double each rebuild and its log:
    the offline copy (and the PDFs) are made by `make build` only (the home page then links no
    copy either)."""
    from types import SimpleNamespace

    from gradsite import downloads
    from gradsite.downloads import offline

    offline_plugin = SimpleNamespace(config=SimpleNamespace(enabled=False))  # the site's own build
    config = SimpleNamespace(site_dir=str(tmp_path), docs_dir=str(ROOT / "docs"), plugins={})
    config.plugins["offline"] = offline_plugin
    # What mkdocs serve does to every build's config: site_url becomes its own address.
    config.dev_addr = SimpleNamespace(host="127.0.0.1", port=8000)
    config.site_url = "http://127.0.0.1:8000/"

    def printed(*_):
        raise AssertionError("the PDFs were printed in make serve")

    monkeypatch.setattr(offline, "_books", printed)
    caplog.set_level("INFO", logger=downloads.log.name)
    downloads.write_downloads(config)
    assert "no PDFs, no offline copy: make serve leaves them out" in caplog.text
    assert not (tmp_path / OFFLINE_ZIP).exists()
    page = SimpleNamespace(file=SimpleNamespace(src_uri="index.zh.md"), url="")
    assert downloads._links(page, config) == []
    config.site_url = "https://gradsite.github.io/"  # make build: PDFs printed, the copy linked
    with pytest.raises(AssertionError, match="printed in make serve"):
        downloads.write_downloads(config)


def test_a_build_knows_whether_mkdocs_serve_runs_it():
    """No module state set at startup: mkdocs serve gives every build's site_url its address."""
    from gradsite.project import serving
    from mkdocs.config import load_config
    from mkdocs.livereload import _serve_url

    config = load_config(str(ROOT / "mkdocs.yml"))
    assert not serving(config)  # make build: the published address
    config.site_url = _serve_url(config.dev_addr.host, config.dev_addr.port, "/")  # as serve does
    assert serving(config)
