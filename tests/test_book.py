"""The PDF of each language (gradsite/downloads/book.py), printed by the build from the site's pages.

Each is opened with pypdf: its page count, every page title of its language in its
text (the cover, the contents and the chapters), its bookmarks, fonts embedded; the
home page links it and the offline copy holds it. A truncated book shows the check
failing. They need the Chromium that printed the books (`chromium_path`, tests/browser.py):
without one the build leaves the PDFs out, and says so once (the last test here).
"""

from __future__ import annotations

import functools
import html
import io
import re
import unicodedata
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from gradsite import downloads
from gradsite.downloads import book, offline
from gradsite.downloads.offline import OFFLINE_FOLDER, OFFLINE_ZIP
from gradsite.project import LANGUAGES, ROOT, url_prefix
from pypdf import PdfReader, PdfWriter

from sitebuild import first_difference
from survey import PAGES

# The tests that read the books run in one worker, which reads each book once (`_reader`).
BOOK = pytest.mark.xdist_group("book")
NAV = [
    "",
    "retention/",
    "zeroing/",
    "detach/",
    "accumulation/",
    "versions/",
    "references/",
    "glossary/",
]


def _squash(text: str) -> str:
    """Text to compare: NFKC (a CJK font's map may give 手 as the Kangxi radical ⼿), no spaces."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


# The id of a proof's first line, in a page as the site shows it (gradsite/hooks.py folds them).
_PROOF_FIRST_ID = re.compile(
    r'<details class="success gs-checks">\s*<summary>.*?</summary>.*?\bid="([^"]+)"', re.S
)


def _titles(site, language: str) -> list[str]:
    """The <h1> of every page of the nav in this language, as the site shows it."""
    titles = []
    for page in NAV:
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", site.page(url_prefix(language) + page), re.S)[1]
        heading = re.sub(r'<a class="headerlink".*?</a>', "", heading, flags=re.S)
        titles.append(html.unescape(re.sub(r"<[^>]+>", "", heading)).strip())
    return titles


def book_problems(pdf: bytes | PdfReader, titles: list[str], min_pages: int) -> list[str]:
    """What is wrong with a book, in words; [] when nothing.

    Each title must have a bookmark, be in the text of the page the bookmark opens, and be
    listed in the contents (pages 2 to 4): text is read from those pages only, as reading
    all of them takes a minute."""
    reader = pdf if isinstance(pdf, PdfReader) else PdfReader(io.BytesIO(pdf))
    problems = []
    if not min_pages <= len(reader.pages) <= 400:
        problems.append(f"{len(reader.pages)} pages, expected {min_pages} to 400")
    marks = {
        _squash(item.title): reader.get_destination_page_number(item)
        for item in reader.outline
        if not isinstance(item, list)
    }
    contents = _squash("".join(page.extract_text() for page in reader.pages[1:4]))
    for title in titles:
        key = _squash(title)
        if key not in contents:
            problems.append(f"{title!r} is not in the contents")
        if key not in marks:
            problems.append(f"no bookmark for {title!r}")
        elif key not in _squash(reader.pages[marks[key]].extract_text()):
            problems.append(f"{title!r} is not on page {marks[key] + 1}, where its bookmark points")
    return problems


def _path(site, language: str) -> Path:
    return site.site / url_prefix(language) / book.NAME.format(language=language)


def _pdf(site, language: str) -> bytes:
    return _path(site, language).read_bytes()


@functools.cache
def _reader(path: Path) -> PdfReader:
    """Each book parsed once in a worker (the tests of this module share one, `BOOK`): pypdf
    keeps the objects it has read, and a 20 MB book takes seconds to read."""
    return PdfReader(path)


@BOOK
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_book_holds_every_page_title_of_its_language(site, chromium_path, language):
    titles = _titles(site, language)
    assert len(titles) == len(NAV) and all(titles)
    # A cover, the contents, then each page from a new page: far more pages than the nav has.
    assert book_problems(_reader(_path(site, language)), titles, min_pages=3 * len(NAV)) == []


@BOOK
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_book_has_embedded_fonts_and_is_linked_and_offline(site, chromium_path, language):
    pdf, reader = _pdf(site, language), _reader(_path(site, language))
    fonts = {}
    for page in reader.pages:
        for font in (page.get("/Resources", {}).get("/Font") or {}).values():
            font = font.get_object()
            fonts[font.get("/BaseFont", font.get("/Name", id(font)))] = font
    assert fonts
    for name, font in fonts.items():
        if font["/Subtype"] == "/Type3":
            assert font["/CharProcs"], name  # the glyphs are drawn in the file
        else:
            descriptor = (
                font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            )["/FontDescriptor"]
            assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), (
                f"{name} not embedded"
            )
    # A link to the site must be to a page the book leaves out (one in the book is a link
    # into it), and to a page the site has: the English book once sent every link between
    # its pages to https://.../en/en/<page>/.
    url = re.search(r"^site_url: *(\S+)", (ROOT / "mkdocs.yml").read_text("utf-8"), re.M)[1]
    to_site = sorted(
        {
            annotation.get_object()["/A"]["/URI"]
            for page in reader.pages
            for annotation in page.get("/Annots") or []
            if "/URI" in annotation.get_object().get("/A", {})
            and annotation.get_object()["/A"]["/URI"].startswith(url)
        }
    )
    # A link to a page the book holds is right only into a proof the book leaves out (to its
    # first line on the site, `_proof_link`), and there is one for each proof of its pages.
    in_book = {url + url_prefix(language) + page for page in PAGES}  # every page
    proofs = {
        f"{url}{url_prefix(language)}{page}#{first}"
        for page in PAGES
        for first in _PROOF_FIRST_ID.findall(site.page(url_prefix(language) + page))
    }
    wrong = [
        uri
        for uri in to_site
        if (uri.partition("#")[0] in in_book and uri not in proofs)
        or not (site.site / uri.removeprefix(url).partition("#")[0] / "index.html").is_file()
    ]
    assert not wrong, f"{len(wrong)} links out of the book that should point into it: {wrong[:5]}"
    assert len(proofs) >= 150 and proofs <= set(to_site), sorted(proofs - set(to_site))[:5]
    home = site.page(url_prefix(language))
    assert f'href="{book.NAME.format(language=language)}" download' in home
    with zipfile.ZipFile(site.site / OFFLINE_ZIP) as archive:
        assert (
            archive.read(
                f"{OFFLINE_FOLDER}/{url_prefix(language)}{book.NAME.format(language=language)}"
            )
            == pdf
        )


@BOOK
def test_the_check_catches_a_truncated_book(site, chromium_path):
    titles = _titles(site, "zh")
    reader, writer = _reader(_path(site, "zh")), PdfWriter()
    for page in reader.pages[:4]:  # the cover, the contents and the home page: no chapter
        writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    problems = book_problems(out.getvalue(), titles, min_pages=3 * len(NAV))
    assert problems[0] == f"4 pages, expected {3 * len(NAV)} to 400"
    assert f"no bookmark for {titles[1]!r}" in problems  # a copied page keeps no bookmark
    # A title that is in no part of the book:
    assert book_problems(_reader(_path(site, "zh")), [*titles, "不在书里的标题"], min_pages=1) == [
        "'不在书里的标题' is not in the contents",
        "no bookmark for '不在书里的标题'",
    ]


@pytest.mark.parametrize("root", ["", "en/"])
def test_links_between_the_book_s_pages_stay_in_the_book(root):
    pages = {"": "home", "detach/": "detach", "retention/": "retention"}
    body = '<a href="../detach/#x"><a href="../errors/"><a href="#y"><a href="../">'
    linked = book._relink(body, "retention", "retention/", pages, root, "https://h.io/")
    assert linked == (
        f'<a href="#detach--x"><a href="https://h.io/{root}errors/">'
        '<a href="#retention--y"><a href="#home">'
    )


def test_settle_makes_dates_and_id_the_same_for_the_same_pages():
    pdf = (
        b"%PDF-1.4\n/CreationDate (D:20261201052300+00'00')\n/ModDate (D:20261201052301+00'00')\n"
        b"/Title <FEFF76EE5F5576EE5F55>\n/ID [<AB12> <CD34>]\n"
    )
    other = pdf.replace(b"052300", b"101010").replace(b"AB12", b"9999")
    settled = book.settle(pdf, 315532800)
    assert settled == book.settle(other, 315532800)
    assert b"(D:19800101000000" in settled and len(settled) == len(pdf)
    assert b"/Title <FEFF76EE5F5500200020>" in settled  # 目录目录, as Chromium wrote it: 目录


def test_a_book_printed_twice_is_the_same_bytes(site, chromium_path, tmp_path):
    """Two Chromium processes print one small book (the home page and a chapter, with its code,
    pictures, and a link for each proof) to the same bytes: the suite's second build takes the first build's
    PDFs instead of printing its own (tests/conftest.py, `_site_s_pdfs`). Printed with another
    build date, the bytes differ: the comparison sees what the printer writes."""
    pages = tmp_path / "site"  # the site's files, and the book's source beside its home page
    pages.mkdir()
    for entry in site.site.iterdir():
        (pages / entry.name).symlink_to(entry)
    words = {"built": "built", "contents": "目录", "proof": "{checks}：见网页版"}
    text = book.book_html(site.site, "", ["", "zeroing/"], words, "书", "说明", "https://h.io/")
    proofs = len(_PROOF_FIRST_ID.findall(site.page("zeroing/")))
    assert proofs >= 10 and text.count('class="gs-book-proof"') == proofs
    assert "gs-checks" not in text, "a proof left in the book"
    text = text.replace("</head>", '<link rel="stylesheet" href="assets/book.css"></head>', 1)
    source = pages / "book.html"
    source.write_text(text, encoding="utf-8")
    epoch = 1_800_000_000
    printed = [tmp_path / f"{name}.pdf" for name in ("one", "two", "later")]
    jobs = [(source, printed[0]), (source, printed[1])]
    assert book.print_books(jobs, chromium_path, epoch) == []
    assert book.print_books([(source, printed[2])], chromium_path, epoch + 86_400) == []
    one, two, later = (path.read_bytes() for path in printed)
    assert len(PdfReader(printed[0]).pages) >= 5
    assert one == two, f"two prints differ {first_difference(one, two)}"
    assert one != later


def _home_links(tmp_path) -> list[str]:
    """What the Chinese home page of a `make build` links under its title."""
    config = SimpleNamespace(
        site_dir=str(tmp_path),
        plugins={"offline": SimpleNamespace(config=SimpleNamespace(enabled=False))},
        site_url="https://gradsite.github.io/",
        dev_addr=SimpleNamespace(host="127.0.0.1", port=8000),
    )
    page = SimpleNamespace(file=SimpleNamespace(src_uri="index.zh.md"), url="")
    return [key for _, key in downloads._links(page, config)]


def test_without_chromium_the_build_leaves_the_pdfs_out_and_fails_only_where_required(
    monkeypatch, caplog, tmp_path
):
    """No browser: the build makes no PDFs, links none, and says so once, at INFO (`mkdocs
    build` shows it; a warning would fail the strict build); GRADSITE_REQUIRE_BROWSER=1 makes
    it an error, so CI cannot publish a site without them."""
    monkeypatch.setenv(book.BROWSER, "/nonexistent/chromium")
    monkeypatch.delenv(book.REQUIRE, raising=False)
    monkeypatch.delenv(book.SWITCH, raising=False)
    caplog.set_level("INFO", logger=offline.log.name)
    assert offline._books(None, tmp_path) == []
    assert _home_links(tmp_path) == ["offline"]  # no link to a PDF that is not there
    [said] = [r for r in caplog.records if "PDFs" in r.getMessage()]
    assert said.levelname == "INFO"
    assert said.getMessage().startswith(
        "left out: the PDFs, Chromium not found: GRADSITE_CHROMIUM=/nonexistent/chromium is not "
        "a file (it prints them); to get them: apt-get install chromium fonts-noto-cjk"
    ), said.getMessage()
    caplog.clear()
    monkeypatch.setenv(book.REQUIRE, "1")
    assert offline._books(None, tmp_path) == []
    assert _home_links(tmp_path) == ["pdf", "offline"]  # required: linked, and the build fails
    [said] = [r for r in caplog.records if "PDFs" in r.getMessage()]
    assert said.levelname == "ERROR" and "GRADSITE_REQUIRE_BROWSER=1" in said.getMessage()
    caplog.clear()
    monkeypatch.delenv(book.REQUIRE)
    monkeypatch.setenv(book.BROWSER, book.__file__)  # any file: found, so the PDFs are linked
    assert _home_links(tmp_path) == ["pdf", "offline"]
