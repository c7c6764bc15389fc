"""`make serve` after a failed rebuild serves the errors, never a request that waits.

MkDocs' own live-reload server runs here, in this process, with the site's `on_serve` hook
(gradsite/hooks.py, gradsite/serve.py) and a stand-in for the build that fails the way a
strict build does: errors logged, pages written, then `Abort`.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest
from gradsite import hooks
from mkdocs.exceptions import Abort
from mkdocs.livereload import LiveReloadServer

ERROR = "snippets/demo/x.py:3: example failed on page docs/index.en.md, language en"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _get(url: str) -> tuple[int, str]:
    try:
        with _DIRECT.open(url, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture
def live(tmp_path):
    site, watched = tmp_path / "site", tmp_path / "docs"
    site.mkdir()
    watched.mkdir()
    state = {"fail": False, "builds": 0}

    def build(config=None):
        state["builds"] += 1
        for old in site.rglob("*.html"):
            old.unlink()
        (site / "index.html").write_text(
            f"<html><body><p>build {state['builds']}</p></body></html>", encoding="utf-8"
        )
        if state["fail"]:
            logging.getLogger("mkdocs.hooks.gradsite").error(ERROR)
            raise Abort("Aborted with 1 error in strict mode!")

    port = _free_port()
    server = LiveReloadServer(builder=build, host="127.0.0.1", port=port, root=str(site))
    build()
    server.watch(str(watched))
    server = hooks.on_serve(server, config=None, builder=build)
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # serve() binds and listens in the thread
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)

    def rebuild(fail: bool) -> None:
        """Save a file as an author does, and wait for the rebuild that follows."""
        state["fail"], before = fail, state["builds"]
        (watched / "page.md").write_text(str(time.monotonic()), encoding="utf-8")
        deadline = time.monotonic() + 30
        while state["builds"] == before and time.monotonic() < deadline:
            time.sleep(0.1)
        assert state["builds"] > before, "no rebuild after a save"

    yield f"http://127.0.0.1:{port}/", rebuild
    server.shutdown()
    thread.join(timeout=10)


def test_a_failed_rebuild_serves_its_errors_on_the_page(live):
    url, rebuild = live
    status, page = _get(url)
    assert status == 200 and "build 1" in page, page
    rebuild(fail=True)
    status, page = _get(url)  # without the hook: no answer (the request waits for a good build)
    assert status == 200 and "build 2" in page, page
    assert "The last rebuild failed" in page and ERROR in page
    assert "Aborted with 1 error in strict mode!" in page
    status, missing = _get(url + "not-written/")
    assert status == 404 and ERROR in missing and 'http-equiv="refresh"' in missing
    rebuild(fail=False)
    status, page = _get(url)
    assert status == 200 and "build 3" in page and "The last rebuild failed" not in page
