"""A PDF of the whole site per language, printed by Chromium from the pages just built (README,
"What readers can take away"; where Chromium is found, and what a build without one does: README,
`chromium()` being the one lookup, the browser tests' too).

offline.py writes `book.html` (`book_html`) beside each language's home page, so the site's
stylesheets and relative links resolve: a cover, a table of contents, then every page's article in
nav order, every fold open but the checks folded under each example, each made a link to it on the
web (`_proof_link`): a PDF cannot fold them away, and they were a fifth of its pages and two fifths
of its printing. Chromium prints both languages side by side, the outline becoming the bookmarks;
`assets/book.css` is the print style. `settle` makes the bytes reproducible: dates set to
SOURCE_DATE_EPOCH (gradsite/reproducible.py), the document id a hash of the content.
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import urljoin, urlsplit

NAME = "pytorch-gradients-{language}.pdf"  # beside each language's home page
SWITCH = "GRADSITE_PDF"
# Chromium as the build and the browser tests run it. Without the networking flags, it phones
# home at start-up (updates, sync, field trials); on a closed network those are refused.
BROWSER_ARGS = (
    "--headless --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --no-first-run --disable-sync"
).split()
CHROMIUM_ARGS = [*BROWSER_ARGS, "--no-pdf-header-footer", "--generate-pdf-document-outline"]
BROWSER = "GRADSITE_CHROMIUM"  # where Chromium is; when set, the only place looked at
REQUIRE = "GRADSITE_REQUIRE_BROWSER"  # =1 (.ci/run, the docs workflow): a missing one fails
INSTALL = (
    "to get them: apt-get install chromium fonts-noto-cjk (Debian), or set GRADSITE_CHROMIUM "
    "to a Chromium or Chrome (.venv/bin/python -m playwright install --with-deps chromium "
    "installs one)"
)


def chromium() -> str | None:
    """Chromium's path: $GRADSITE_CHROMIUM when set (naming nothing, it means there is none),
    else Debian's /usr/bin/chromium, else a Chromium or Chrome on PATH."""
    named = os.environ.get(BROWSER)
    if named:
        return named if Path(named).is_file() else None
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if found := shutil.which(name):
            return found
    return None


def not_found() -> str:
    """Where Chromium was looked for, in words."""
    named = os.environ.get(BROWSER)
    if named:
        return f"Chromium not found: {BROWSER}={named} is not a file"
    return "Chromium not found (not at /usr/bin/chromium, none on PATH)"


def required() -> bool:
    """Whether a missing Chromium is a failure (GRADSITE_REQUIRE_BROWSER=1) rather than a gap."""
    return os.environ.get(REQUIRE, "") not in ("", "0")


def wanted() -> bool:
    """Whether this build prints the PDFs: not switched off, and a Chromium to print them
    (or one required, so that its absence fails the build)."""
    return os.environ.get(SWITCH, "1") != "0" and (chromium() is not None or required())


_ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)
# What a printed page cannot use: the edit button, download links, heading anchors, page dates.
_DROP = re.compile(
    r'<a href="[^"]*" title="[^"]*" class="md-content__button md-icon"[^>]*>.*?</a>'
    r'|<ul class="gs-downloads">.*?</ul>|<a class="headerlink"[^>]*>.*?</a>'
    r'|<aside class="md-source-file">.*?</aside>',
    re.S,
)
# The checks folded under an example (gradsite/hooks.py): a fold with no fold inside it.
_PROOF = re.compile(
    r'<details class="success gs-checks">\s*<summary>(.*?)</summary>(.*?)</details>', re.S
)
_H2 = re.compile(r'<h2 id="([^"]+)"[^>]*>(.*?)</h2>', re.S)
_H1 = re.compile(r"<h1[^>]*>(.*?)</h1>", re.S)
_TAG = re.compile(r"<[^>]+>")


def _text(fragment: str) -> str:
    return html.unescape(_TAG.sub("", fragment)).strip()


def _relink(body: str, key: str, page: str, pages: dict[str, str], root: str, site_url: str) -> str:
    """Ids prefixed with the page's key; links within the book point into it, others to the web.
    `page` and `pages`' keys are urls under the language's root `root` ("" or "en/"); `site_url` is
    the site's, without it."""
    body = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{key}--{m[1]}"', body)
    body = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{key}--{m[1]})", body)

    def link(match: re.Match) -> str:
        attribute, target = match[1], html.unescape(match[2])
        if target.startswith("#"):
            return f'{attribute}="#{key}--{html.escape(target[1:])}"'
        if urlsplit(target).scheme or target.startswith(("mailto:", "//")):
            return match[0]
        resolved = urljoin(f"/{root}{page}", target)
        path, _, fragment = resolved.partition("#")
        path = path.lstrip("/").removesuffix("index.html")
        if path.startswith(root) and path.removeprefix(root) in pages:
            anchor = f"--{html.escape(fragment)}" if fragment else ""
            return f'{attribute}="#{pages[path.removeprefix(root)]}{anchor}"'
        return f'{attribute}="{html.escape(urljoin(site_url, resolved.lstrip("/")))}"'

    return re.sub(r'((?:xlink:)?href)="([^"]*)"', link, body)


def _proof_link(match: re.Match, page_url: str, words: dict) -> str:
    """A proof, as a link to it on the web page `page_url` (its first line: the site opens the
    fold a link points into), under the fold's own title."""
    if "<details" in match[2]:
        return match[0]
    first = re.search(r'\bid="([^"]+)"', match[2])
    href = f"{page_url}#{first[1]}" if first else page_url
    text = words["proof"].format(checks=match[1])
    return f'<p class="gs-book-proof"><a href="{html.escape(href)}">{text}</a></p>'


def book_html(
    site: Path,
    language_root: str,
    nav: list[str],
    words: dict,
    title: str,
    description: str,
    url: str,
) -> str:
    """The book of one language: cover, contents, every page of the nav (`nav`: page urls, '' for home)."""
    home = (site / language_root / "index.html").read_text(encoding="utf-8")
    head = home[: home.index("</head>")]
    head = re.sub(r"<script\b.*?</script>", "", head, flags=re.S)  # the page's own, none are needed
    head = re.sub(r"<title>.*?</title>", f"<title>{html.escape(title)}</title>", head, flags=re.S)
    body_tag = re.search(r"<body[^>]*>", home)[0]
    keys = {page: (page.strip("/").replace("/", "-") or "home") for page in nav}
    contents, chapters = [], []
    for page in nav:
        built = (site / language_root / page / "index.html").read_text(encoding="utf-8")
        article = _DROP.sub("", _ARTICLE.search(built)[1])
        article = _PROOF.sub(lambda m: _proof_link(m, f"{url}{page}", words), article)
        article = article.replace("<details", "<details open")
        key = keys[page]
        article = _relink(article, key, page, keys, language_root, url.removesuffix(language_root))
        heading = _text(_H1.search(article)[1]) if _H1.search(article) else title
        sections = "".join(
            f'<li><a href="#{m[1]}">{html.escape(_text(m[2]))}</a></li>'
            for m in _H2.finditer(article)
        )
        contents.append(
            f'<li><a href="#{key}">{html.escape(heading)}</a>{f"<ol>{sections}</ol>" if sections else ""}</li>'
        )
        chapters.append(
            f'<section class="gs-book-chapter md-typeset" id="{key}">{article}</section>'
        )
    return (
        f'{head}</head>\n{body_tag}\n<div class="gs-book">'
        f'<section class="gs-book-cover md-typeset"><h1>{html.escape(title)}</h1>'
        f'<p>{html.escape(description)}</p><p class="gs-book-built">{words["built"]}</p></section>'
        f'<nav class="gs-book-contents md-typeset"><h1>{words["contents"]}</h1><ol>{"".join(contents)}</ol></nav>'
        + "".join(chapters)
        + "</div></body></html>\n"
    )


def _once(text: str) -> str | None:
    """`text` with each of its runs written twice ("梯度梯度分离分离") written once, or None."""
    kept, i = [], 0
    while i < len(text):
        for k in range(1, (len(text) - i) // 2 + 1):  # the shortest run written twice here
            if text[i : i + k] == text[i + k : i + 2 * k]:
                break
        else:
            return None
        kept.append(text[i : i + k])
        i += 2 * k
    return "".join(kept)


def _undouble(match: re.Match) -> bytes:
    """A bookmark title Chromium wrote twice (a Chinese heading after a forced page break comes out
    as "目录目录", or run by run "梯度梯度分离分离") once, then spaces: the same number of bytes."""
    text = bytes.fromhex(match[2].decode()).decode("utf-16-be", errors="replace")
    once = _once(text)
    if not once:
        return match[0]
    fixed = (once + " " * (len(text) - len(once))).encode("utf-16-be").hex().upper().encode()
    return match[1] + fixed + b">" if len(fixed) == len(match[2]) else match[0]


def settle(pdf: bytes, epoch: int) -> bytes:
    """The same bytes for the same pages: dates set to `epoch`, element ids renumbered, the id a
    hash of the content, bookmark titles written twice once. Every replacement keeps its length,
    so the cross-reference offsets stay right."""
    pdf = re.sub(rb"(/Title <FEFF)([0-9A-F]*)>", _undouble, pdf)
    # Tagged-PDF element ids carry Chromium's DOM node numbers, which vary from run to run by
    # the nodes it made before: numbered by rank instead (the same order, so name trees stay sorted).
    nodes = sorted({int(m) for m in re.findall(rb"\(node(\d{8})\)", pdf)})
    ranks = {n: i for i, n in enumerate(nodes, 1)}
    pdf = re.sub(rb"\(node(\d{8})\)", lambda m: b"(node%08d)" % ranks[int(m[1])], pdf)
    date = time.strftime("%Y%m%d%H%M%S", time.gmtime(epoch)).encode()
    pdf = re.sub(rb"(/(?:CreationDate|ModDate) ?\(D:)\d{14}", lambda m: m[1] + date, pdf)
    ids = re.findall(rb"/ID ?\[ ?<([0-9A-Fa-f]+)> ?<([0-9A-Fa-f]+)> ?\]", pdf)
    if ids:
        blank = pdf
        for first, second in ids:
            blank = blank.replace(first, b"0" * len(first)).replace(second, b"0" * len(second))
        digest = hashlib.sha256(blank).hexdigest().upper().encode()
        for first, second in ids:
            pdf = pdf.replace(first, digest[: len(first)]).replace(second, digest[: len(second)])
    return pdf


def print_books(jobs: list[tuple[Path, Path]], browser: str, epoch: int) -> list[str]:
    """Print each (book.html, pdf) with Chromium, side by side; return the errors, if any."""
    running = []
    for source, target in jobs:
        profile = target.parent / f".chromium-{target.stem}"
        pdf, page = f"--print-to-pdf={target}", source.resolve().as_uri()
        command = [browser, *CHROMIUM_ARGS, f"--user-data-dir={profile}", pdf, page]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        running.append((target, profile, process))
    errors = []
    for target, profile, process in running:
        output, _ = process.communicate(timeout=600)
        shutil.rmtree(profile, ignore_errors=True)
        if process.returncode or not target.exists():
            errors.append(
                f"{target.name}: Chromium exited {process.returncode}: {output.decode(errors='replace')[-800:]}"
            )
            continue
        target.write_bytes(settle(target.read_bytes(), epoch))
    return errors
