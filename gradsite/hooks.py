"""The site's one MkDocs hook module (mkdocs.yml, `hooks:`): each event once, calling the
jobs in order, every priority stated here. The jobs live in their modules:

* the runner (gradsite/execute.py): told the project, page and language through its
  `Context`, which this module makes once per build and hands to every page's Markdown
  (mkdocs.yml lists gradsite.execute as a Markdown extension, beside the python fences
  whose `format` is gradsite.execute.fence_format);
* the checks below: every page exists in both languages, and both include the same
  examples in the same order and give their headings the same ids (mkdocs-static-i18n
  would silently fall back, and a differing id breaks the language switch);
* one search index, sitemap and 404 page per language (gradsite/languages.py), with the
  glossary's terms as single Chinese words (gradsite/searchwords.py);
* the compatibility note under each example (gradsite/compat_hook.py);
* the error-message index: each entry's heading is the message its example printed
  (gradsite/errorindex.py);
* the claim ledger: each page's claim marks, checked against the asserts of its examples
  and shown with their proofs, and the claims page (gradsite/claims.py);
* the downloads: notebooks, examples zips (gradsite/downloads.py), the PDFs, and in the
  offline copy's own build its search scripts (gradsite/offline.py);
* in `make serve`, a failed rebuild's errors on the served pages (gradsite/serve.py);
* the templates' words and torch version, glossary tooltips in the page's language, and
  no variant of a glossary term in a page (gradsite/glossary.py).

What a build keeps between events lives in one `Site`, in the build's config: both
languages of a build (mkdocs-static-i18n builds them with the same config) share it,
and nothing is kept in a module.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

import torch
from mkdocs.plugins import event_priority

from gradsite import (
    buildlog,
    claims,
    compat_hook,
    downloads,
    errorindex,
    execute,
    glossary,
    languages,
    offline,
    reproducible,
    searchwords,
    serve,
)
from gradsite.project import (
    FENCE,
    HEADING_ID,
    INCLUDE,
    LANGUAGES,
    language_of,
    language_of_build,
    root_of,
    split_example,
    split_source,
    url_prefix,
)
from gradsite.words import WORDS

log = logging.getLogger("mkdocs.hooks.gradsite")

# The Markdown extension (mkdocs.yml) that gives pages the runner's Context.
RUNNER = "gradsite.execute"


@dataclass
class Site:
    """What one build keeps between events."""

    runner: execute.Context
    matrix: tuple[dict, dict] = ({}, {})  # data/matrix.json and its current rows (compat_hook.load)
    not_found: dict[str, str] = field(default_factory=dict)  # language -> its 404.html
    ledger: claims.Ledger = field(default_factory=claims.Ledger)  # every page's claims
    said: set[str] = field(default_factory=set)  # what the log has said once (compat_hook)
    # page source -> {heading id: snippet} of its error-index entries (gradsite/errorindex.py)
    error_entries: dict[str, dict[str, str]] = field(default_factory=dict)


def site_of(config) -> Site:
    return config["gradsite"]


@event_priority(50)  # before Material's offline plugin adds its CDN shim (offline.use_local_shim)
def on_config(config):
    if "gradsite" not in config:  # a new build: its count starts here, before it logs
        buildlog.count_from_here()
    buildlog.quiet_markdown_exec()
    for name in execute.changed_sources():  # an edit while `make serve` runs
        log.warning(
            f"gradsite/{name} changed: restart make serve to build with it (outputs stay keyed by the old code)"
        )
    language = language_of_build(config)
    if "gradsite" not in config:  # the first language of a build (the others reuse its Site)
        config["gradsite"] = Site(runner=execute.Context())
    site = site_of(config)
    site.runner.root, site.runner.language = root_of(config), language
    site.matrix = compat_hook.load()
    config.mdx_configs.setdefault(RUNNER, {})["context"] = site.runner
    reproducible.pin_build_date(site.runner.root)  # dates from the last commit, not the clock
    config.mdx_configs.setdefault("gradsite.glossary", {})["glossary"] = glossary.terms(
        config.docs_dir, language
    )
    searchwords.add_glossary_terms(config.docs_dir)
    offline.use_local_shim(config)
    # For the templates (gradsite/overrides): the torch that ran the examples, and their words.
    config.extra["torch_version"] = torch.__version__
    config.extra["words"] = WORDS[language]["page"]
    config.extra["not_found"] = [
        {
            "lang": lang,
            "home": url_prefix(lang),
            "title": WORDS[lang]["page"]["not_found_title"],
            "text": WORDS[lang]["page"]["not_found"],
        }
        for lang in LANGUAGES
    ]
    return config


def _compare(stem: str, docs: Path, what: str, pattern: re.Pattern, group: str, fix: str) -> None:
    """Both languages of a page must list the same `what` in the same order."""
    found = {
        lang: [
            m[group]
            for m in pattern.finditer((docs / f"{stem}.{lang}.md").read_text(encoding="utf-8"))
        ]
        for lang in LANGUAGES
    }
    (a, first), (b, second) = found.items()
    if first == second:
        return
    only = {a: [x for x in first if x not in second], b: [x for x in second if x not in first]}
    detail = "; ".join(
        f"only in {lang}: {', '.join(items)}" for lang, items in only.items() if items
    )
    log.error(
        f"docs/{stem}.{a}.md and docs/{stem}.{b}.md differ in their {what}: "
        f"{detail or 'same ones, another order'}. {fix}"
    )


def on_files(files, config):
    site = site_of(config)
    if site.runner.language != LANGUAGES[0]:
        return files  # the checks cover both languages; report them once
    docs = Path(config.docs_dir)
    pages = [f.src_uri for f in files.documentation_pages()]
    site.ledger = claims.Ledger.read(docs, site.runner.root, claims.in_nav_order(pages, config.nav))
    for error in site.ledger.errors:
        log.error(error)
    by_stem: dict[str, set[str]] = {}
    for uri in (f.src_uri for f in files.documentation_pages()):
        found = split_source(uri)
        if not found:
            log.error(f"docs/{uri}: page has no language suffix; name it .zh.md and .en.md")
            continue
        by_stem.setdefault(found[0], set()).add(found[1])
    for stem, langs in sorted(by_stem.items()):
        missing = sorted(set(LANGUAGES) - langs)
        for lang in missing:
            present = sorted(langs)[0]
            log.error(
                f"docs/{stem}.{present}.md has no {lang} twin: create docs/{stem}.{lang}.md (language {lang})"
            )
        if not missing:
            _compare(
                stem,
                docs,
                "included examples",
                INCLUDE,
                "path",
                "Include each example in both languages, at the same place.",
            )
            _compare(
                stem,
                docs,
                "heading ids",
                HEADING_ID,
                "id",
                "Give a heading the same {#id} in both languages.",
            )
    return files


def _name_the_snippet(match: re.Match, root: Path, language: str) -> str:
    """A fence whose whole body is one include: tell the runner which file it runs, and fold
    the example's checks away under it (the page shows its recipe: gradsite/execute.py)."""
    include = INCLUDE.fullmatch(match["body"].strip("\n"))
    if not include:
        return match[0]
    start, end = match.start("options") - match.start(), match.end("options") - match.start()
    named = f'{match[0][:start]}{match["options"]} snippet="{include["path"]}"{match[0][end:]}'
    path = root / include["path"]
    example = split_example(path.read_text(encoding="utf-8")) if path.is_file() else None
    if not example or not example.checks:
        return named  # a missing file is pymdownx.snippets' error to report
    last = example.checks_from + example.checks.count("\n") - 1
    title = WORDS[language]["page"]["checks"].replace('"', "&quot;")
    indent = match["indent"]
    return (
        f'{named}\n\n{indent}??? success gs-checks "{title}"\n\n'
        f'{indent}    ```python linenums="{example.checks_from}"\n'
        f'{indent}    --8<-- "{include["path"]}:{example.checks_from}:{last}"\n'
        f"{indent}    ```\n"
    )


def _glossary_variants(markdown: str, page, config) -> None:
    """A variant of a glossary term in a page (叶节点 for 叶子节点) fails the build, named."""
    found = split_source(page.file.src_uri)
    if not found or found[0] == "glossary/index":
        return  # the glossary page lists the variants
    lang = found[1]
    for line, variant, term in glossary.variants_in(
        markdown, glossary.variants(config.docs_dir, lang)
    ):
        log.error(
            f'docs/{page.file.src_uri}:{line}: language {lang}: "{variant}" is a variant of the glossary '
            f'term "{term}": write "{term}" (docs/glossary/index.{lang}.md lists the variants it replaces)'
        )


def on_serve(server, config, builder):
    # A failed rebuild shows its errors on the served pages instead of holding requests.
    return serve.show_failures(server)


def on_page_markdown(markdown, page, config, files):
    site = site_of(config)
    site.runner.page = page.file.src_uri
    _glossary_variants(markdown, page, config)
    site.error_entries[page.file.src_uri] = errorindex.entries(markdown)
    lang = language_of(page.file.src_uri)
    markdown = FENCE.sub(lambda m: _name_the_snippet(m, site.runner.root, lang), markdown)
    markdown = _claims(markdown, page, files, site)
    return compat_hook.add_notes(
        markdown, page.file.src_uri, *site.matrix, root=site.runner.root, said=site.said
    )


def _claims(markdown: str, page, files, site: Site) -> str:
    """The page's claim marks as links to the claims page, its placeholders filled in."""
    lang = language_of(page.file.src_uri)
    claims_page = files.get_file_from_path(f"{claims.CLAIMS_PAGE}.{lang}.md")
    url = claims_page.url_relative_to(page.file) if claims_page else None
    table = ""
    if page.file.src_uri == f"{claims.CLAIMS_PAGE}.{lang}.md":

        def page_url(src: str, anchor: str) -> str | None:
            target = files.get_file_from_path(src)
            return f"{target.url_relative_to(page.file)}#{anchor}" if target else None

        table = claims.table(site.ledger, lang, page_url, site.matrix[1])
    return claims.marks(markdown, page.file.src_uri, site.ledger, url, table)


def on_page_content(html, page, config, files):
    downloads.write_notebook(html, page, config)
    site = site_of(config)
    html = compat_hook.add_data(html, page, files, *site.matrix, root=site.runner.root)
    entries = site.error_entries.get(page.file.src_uri)
    if entries:
        html = errorindex.headings(html, page, entries, site.runner)
    return claims.data(html, page.file.src_uri, site.ledger, site.matrix[1])


def on_env(env, config, files):
    # Every page's Markdown is rendered: how many examples this language's build ran or
    # reused (in `make serve`, a prose edit shows "0 run").
    log.info(execute.summary(site_of(config).runner))
    return env


def on_page_context(context, page, config, nav):
    languages.base_url(context, page, config)
    return context


def on_post_page(output, page, config):
    return downloads.add_links(languages.strip_alternates(output), page, config)


def on_template_context(context, template_name, config):
    languages.homes_for_404(config)
    return context


def on_post_template(output, template_name, config):
    return languages.keep_404(output, template_name, config, site_of(config).not_found)


@event_priority(-110)  # after mkdocs-static-i18n's (-100), which builds the other languages
def on_post_build(config) -> None:
    if languages.nested(config):
        return  # a nested language build: the site is not complete yet
    site = site_of(config)
    languages.split_by_language(config, site.not_found)
    downloads.write_downloads(config)


def on_build_error(error):
    buildlog.honest_abort(error)  # "Aborted with N errors": N of the whole build
