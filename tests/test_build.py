"""The strict build passes, shows real outputs, and both languages agree."""

from __future__ import annotations

import re

import pytest
import torch
from gradsite.pages import fences
from gradsite.project import CHAPTERS, INCLUDE, LANGUAGES, ROOT

from sitebuild import pre_blocks

ZH_PAGES = sorted((ROOT / "docs").rglob("*.zh.md"))


def _url(md_path) -> str:
    """docs/retention/index.zh.md -> retention (the page's folder in site/)."""
    rel = md_path.relative_to(ROOT / "docs").as_posix()
    return rel.removesuffix("index.zh.md").removesuffix(".zh.md").rstrip("/")


def test_retention_shows_real_outputs(site):
    for path in ("retention", "en/retention"):
        html = site.page(path)
        assert "a.grad = tensor(2400.)" in html
        assert "after 2nd backward: tensor(4800.) tensor(240.) tensor(2.)" in html
        assert "not a leaf Tensor is being accessed" in html


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_exists_in_both_languages(site, chapter):
    assert (site.site / chapter / "index.html").is_file()
    assert (site.site / "en" / chapter / "index.html").is_file()


def test_every_page_names_the_torch_version(site):
    pages = list(site.site.rglob("index.html"))
    assert len(pages) >= 2 * (len(CHAPTERS) + 2)
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert f'data-torch-version="{torch.__version__}"' in html, page


LOADED = re.compile(
    r'\bsrc="([^"]+)"|<link\b(?![^>]*rel="(?:canonical|alternate)")[^>]*href="([^"]+)"'
)


def test_no_third_party_assets(site):
    """Pages load nothing from another host (canonical/alternate links are not loads)."""
    loaded = 0
    for page in site.site.rglob("*.html"):
        for src, href in LOADED.findall(page.read_text(encoding="utf-8")):
            loaded += 1
            assert not re.match(r"(https?:)?//", src or href), f"{page}: loads {src or href}"
    assert loaded > 0


@pytest.mark.parametrize("zh", ZH_PAGES, ids=_url)
def test_parity_same_snippets_same_order(zh):
    en = zh.with_name(zh.name.replace(".zh.md", ".en.md"))
    assert en.is_file(), f"{zh} has no English twin"
    zh_includes = INCLUDE.findall(zh.read_text(encoding="utf-8"))
    en_includes = INCLUDE.findall(en.read_text(encoding="utf-8"))
    assert zh_includes == en_includes


@pytest.mark.parametrize("zh", ZH_PAGES, ids=_url)
def test_parity_identical_rendered_code_and_outputs(site, zh):
    url = _url(zh)
    zh_blocks = pre_blocks(site.page(url))
    en_blocks = pre_blocks(site.page(f"en/{url}" if url else "en"))
    assert zh_blocks == en_blocks


def test_parity_check_can_fail():
    """A page whose output differs between languages must be told apart."""
    assert pre_blocks("<pre>tensor(1.)</pre>") != pre_blocks("<pre>tensor(2.)</pre>")


def _blocks(language: str) -> list:
    """What keys each executed block of the language's pages: its snippet, or its code and language."""
    blocks = []
    for page in sorted((ROOT / "docs").rglob(f"*.{language}.md")):
        for fence in fences(page.read_text(encoding="utf-8")):
            if fence.executed:
                blocks.append(fence.include or (language, fence.body))
    return blocks


def test_each_example_runs_once_per_build(site):
    """The zh build runs each distinct block once; the en build reuses every included example
    and runs only the code written in its pages (figures, worded in English). The offline
    copy's build, after the site's, runs none: it reads the site's outputs."""
    found = re.findall(r"examples, language (\w+): (\d+) run, (\d+) reused", site.log)
    assert len(found) == 2 * len(LANGUAGES), found  # the site's build, then the offline copy's
    counts = {lang: (int(ran), int(reused)) for lang, ran, reused in found[: len(LANGUAGES)]}
    assert [int(ran) for _, ran, _ in found[len(LANGUAGES) :]] == [0] * len(LANGUAGES), found
    zh, en = (_blocks(lang) for lang in LANGUAGES)
    assert len(set(zh)) >= 10
    assert counts["zh"] == (len(set(zh)), len(zh) - len(set(zh)))
    assert counts["en"] == (len(set(en) - set(zh)), len(en) - len(set(en) - set(zh)))
