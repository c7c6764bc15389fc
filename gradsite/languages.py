"""Each language searches only its own pages (jobs of gradsite/hooks.py).

mkdocs-static-i18n builds both languages into one site, stacks all pages into one search index
(/search/search_index.json) and points every page's search at the site root: a Chinese page's
search lists English pages too. Material looks for the index, and the sitemap, under the page's
`base`, so: an English page gets /en/ as its base (`base_url`); each language keeps its 404 page
(`keep_404`); after the build (after mkdocs-static-i18n's post_build, priority -100, stacked the
index) `split_by_language` writes each language's index, with the other language's titles and the
glossary's terms (gradsite/searchwords.py), and /en/sitemap.xml. No `<link rel="alternate"
hreflang>` in a page's head (`strip_alternates`): Material fetches `<that link>/sitemap.xml` for
each, a 404 for every page but the homes; sitemap.xml has the hreflang pairs, and the language
selector still links each page to its twin. The colour scheme stays shared between languages
through `extra.scope: /` (mkdocs.yml).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from copy import deepcopy
from pathlib import Path

from mkdocs.utils import get_relative_url

from gradsite import searchwords
from gradsite.project import DEFAULT, LANGUAGES, i18n, language_of_build, url_prefix

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
_HEAD_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def nested(config) -> bool:
    """Whether this is one of mkdocs-static-i18n's nested builds (a language after the first):
    the site is complete only when the outer build's post_build runs."""
    plugin = i18n(config)
    return bool(plugin and plugin.building)


def base_url(context, page, config) -> None:
    """Give pages of a non-default language their language's root as `base`."""
    prefix = url_prefix(language_of_build(config))
    if prefix:
        context["base_url"] = get_relative_url(prefix, page.url)


def strip_alternates(output: str) -> str:
    head, body = output.split("</head>", 1)
    return _HEAD_ALTERNATE.sub("", head) + "</head>" + body


def homes_for_404(config) -> None:
    """404.html: its language selector goes to the homes (not to the last page built)."""
    if plugin := i18n(config):
        config.extra.alternate = deepcopy(plugin.extra_alternate)


def keep_404(output: str, template_name: str, config, not_found: dict[str, str]) -> str:
    """Strip the head alternates; keep each language's 404.html in `not_found` (every
    language's build writes /404.html)."""
    if "</head>" not in output:
        return output
    output = strip_alternates(output)
    if template_name == "404.html":
        not_found[language_of_build(config)] = output
    return output


def split_by_language(config, not_found: dict[str, str]) -> None:
    """After the last language is built: one search index, sitemap and 404 page per language."""
    if not i18n(config):
        return  # one language: nothing was stacked
    site = Path(config.site_dir)
    index_path = site / "search" / "search_index.json"
    index = json.loads(index_path.read_text(encoding="utf-8"))
    others = [lang for lang in LANGUAGES if url_prefix(lang)]
    split = {language: {**index, "docs": []} for language in [*others, DEFAULT]}
    for doc in index["docs"]:  # each entry to its language, its location made relative to it
        prefixed = [lang for lang in others if doc["location"].startswith(url_prefix(lang))]
        language = prefixed[0] if prefixed else DEFAULT
        location = doc["location"].removeprefix(url_prefix(language))
        split[language]["docs"].append({**doc, "location": location})
    searchwords.across_languages(split, config.docs_dir)  # the other language's words
    for language, mine in split.items():
        target = site / url_prefix(language) / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(mine, ensure_ascii=False), encoding="utf-8")
        if language != DEFAULT:
            _sitemap_of(site, config.site_url or "/", language)
    # The last language built wrote /404.html: the site's default language owns it.
    for language, page in not_found.items():
        (site / url_prefix(language) / "404.html").write_text(page, encoding="utf-8")


def _sitemap_of(site: Path, site_url: str, language: str) -> None:
    """/<language>/sitemap.xml: the entries of the site's sitemap under /<language>/."""
    ET.register_namespace("", SITEMAP_NS)
    ET.register_namespace("xhtml", "http://www.w3.org/1999/xhtml")
    tree = ET.parse(site / "sitemap.xml")
    root = tree.getroot()
    prefix = site_url.rstrip("/") + "/" + url_prefix(language)
    for url in list(root):
        if not url.findtext(f"{{{SITEMAP_NS}}}loc", "").startswith(prefix):
            root.remove(url)
    tree.write(site / url_prefix(language) / "sitemap.xml", encoding="UTF-8", xml_declaration=True)
