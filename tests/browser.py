"""Fixtures for browser tests: the built site on 127.0.0.1, and Chromium pages
that may talk to nothing else.

tests/conftest.py imports these fixtures once for the whole suite: importing
them into test modules too would start a second session-wide browser.

* `served` (session): one strict build of the site (the `site` fixture of
  conftest.py), served by a stdlib HTTP server on a free port. Like GitHub
  Pages, a missing path gets the site's 404.html with status 404. Every request
  the server answers is kept in `served.log` as (status, path).
* `tab` (function): a fresh Chromium page (desktop size, clipboard allowed).
  Requests to any other host are aborted and listed in `tab.blocked`; answers
  with status >= 400 and failed requests are listed in `tab.failed`.

Chromium is the one the build prints the PDFs with (gradsite/downloads/book.py, `chromium()`:
$GRADSITE_CHROMIUM when set, else Debian's /usr/bin/chromium, else one on PATH):
Playwright never downloads a browser here. Without it, the tests using these
fixtures (and `chromium_path`: the PDFs' tests) are skipped, and the run's summary
says once what was left out and how to install it (tests/conftest.py); with
GRADSITE_REQUIRE_BROWSER=1 (.ci/run and the docs workflow set it) they fail instead,
saying what to install, so a check that must run the browser tests cannot pass
without them.
"""

from __future__ import annotations

import contextlib
import functools
import sys
import threading
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from gradsite.downloads import book

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}


@dataclass
class Served:
    url: str  # "http://127.0.0.1:<port>/", with the trailing slash
    root: Path
    log: list[tuple[int, str]] = field(default_factory=list)


class _SiteHandler(SimpleHTTPRequestHandler):
    """Serves the site folder; a missing path gets 404.html, as on GitHub Pages."""

    served: Served

    def send_error(self, code, message=None, explain=None):
        page = self.served.root / "404.html"
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_request(self, code="-", size="-"):
        self.served.log.append((int(code), self.path))

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass  # keep pytest output clean; requests are in served.log


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser left the page while a file was being sent: not the site's fault
        super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def served(site):
    """The strict build of the site, served on 127.0.0.1 at a free port."""
    info = Served(url="", root=site.site)
    handler = type("Handler", (_SiteHandler,), {"served": info})
    server = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(site.site)))
    info.url = f"http://127.0.0.1:{server.server_address[1]}/"
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    yield info
    server.shutdown()
    server.server_close()
    thread.join()


def browser_missing(reason: str) -> None:
    """Skip, or fail where the browser tests are required (GRADSITE_REQUIRE_BROWSER=1)."""
    if book.required():
        pytest.fail(f"{book.REQUIRE}=1 and {reason}", pytrace=False)
    pytest.skip(reason)


def find_chromium() -> str:
    """The build's Chromium (gradsite/downloads/book.py); skips, or fails if required, when there is none."""
    path = book.chromium()
    if path is None:
        browser_missing(f"browser tests need Chromium: {book.not_found()}; {book.INSTALL}")
    return path


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Chromium's path, for the tests that read what it made (the PDFs), not what it shows."""
    return find_chromium()


@pytest.fixture(scope="session")
def chromium(chromium_path):
    """The build's Chromium, driven by Playwright; skips (or fails, if required) when either is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        browser_missing("browser tests need the playwright Python package (pip install -e .)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=book.BROWSER_ARGS)
        yield browser
        browser.close()


@dataclass
class Tab:
    """A Chromium page that may only talk to the local server."""

    page: object  # playwright.sync_api.Page
    base: str
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def open(self, path: str = "", **kwargs):
        """Go to a path of the site ("", "en/retention/", ...) and wait for its `load` event:
        the page, its styles, scripts and pictures are in, and the site's scripts have run
        (the pages are static: nothing a test reads arrives later, except the search index,
        which `search` waits for). A test that checks every request succeeded calls `settle`
        before it reads `blocked` and `failed`."""
        return self.page.goto(self.base + path, wait_until="load", **kwargs)

    def settle(self) -> None:
        """Wait until the page has made no request for half a second (Playwright's
        `networkidle`): whatever it loads late (the search worker and index) has been asked for."""
        self.page.wait_for_load_state("networkidle")


@contextlib.contextmanager
def new_tab(chromium, served, viewport=DESKTOP):
    """A fresh browser context and page on the served site: see `tab`."""
    context = chromium.new_context(viewport=viewport, locale="zh-CN", service_workers="block")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.url.rstrip("/"))
    page = context.new_page()
    tab = Tab(page, served.url)

    def only_local(route):
        if route.request.url.startswith(served.url):
            route.continue_()
        else:
            tab.blocked.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", only_local)
    page.on("response", lambda r: r.status >= 400 and tab.failed.append(f"{r.status} {r.url}"))
    page.on(
        "requestfailed",
        lambda r: r.url not in tab.blocked and tab.failed.append(f"{r.failure} {r.url}"),
    )
    try:
        yield tab
    finally:
        context.close()


@pytest.fixture
def tab(chromium, served):  # chromium first: without it, skip before building the site
    with new_tab(chromium, served) as tab:
        yield tab


@pytest.fixture(scope="session")
def page_survey(chromium, served):
    """`page_survey(language)`: every page of that language measured in one visit, at a
    phone's width and a desktop's (tests/survey.py), made once per worker and language, on
    first use."""
    import survey

    made: dict[str, dict] = {}

    def get(language: str) -> dict:
        if language not in made:
            with new_tab(chromium, served) as tab:
                made[language] = survey.measure(tab, language)
        return made[language]

    return get


# Material's search result meta line: the placeholder while the box is empty, then the count
# of the results of the query the worker answered last ("No matching documents" included).
# Material sets it and renders the first results in one step (its search result component), so
# once it changes from the placeholder, the list holds this query's results.
_EMPTY = """() => {
  const words = JSON.parse(document.getElementById("__config").textContent).translations;
  const meta = document.querySelector(".md-search-result__meta");
  return meta.textContent.trim() === words["search.result.placeholder"]
    && !document.querySelector(".md-search-result__item");
}"""
_ANSWERED = """() => {
  const words = JSON.parse(document.getElementById("__config").textContent).translations;
  return document.querySelector(".md-search-result__meta").textContent.trim()
    !== words["search.result.placeholder"];
}"""


def search(tab: Tab, query: str) -> list[str]:
    """Type a query into Material's search; the result links (path#fragment), best first, as
    soon as its worker has answered this query (no result: [] at once, not after a time-out)."""
    box = tab.page.locator("input.md-search__input")
    box.click()
    # The previous query's results go first: whatever shows after this is this query's.
    box.fill("")
    box.press("End")  # Material searches on key events; fill() alone sends none for Chinese text
    tab.page.wait_for_function(_EMPTY, polling=20, timeout=30_000)
    box.fill(query)
    box.press("End")
    tab.page.wait_for_function(_ANSWERED, polling=20, timeout=30_000)  # the index loads first
    hrefs = tab.page.locator(".md-search-result__item > .md-search-result__link").evaluate_all(
        "els => els.map(e => e.href)"
    )
    return [
        urlsplit(h).path + (f"#{urlsplit(h).fragment}" if urlsplit(h).fragment else "")
        for h in hrefs
    ]
