"""The site's one MkDocs hook module (mkdocs.yml, `hooks:`): each event once, calling the parts
of `ls gradsite` in order, every priority stated here. Read the events top to bottom and you
have the pipeline a page goes through (CONTRIBUTING.md draws it).

The checks no part owns are here: every page exists in both languages, and both include the
same examples in the same order and give their headings the same ids (mkdocs-static-i18n would
silently fall back, and a differing id breaks the language switch); no variant of a glossary
term. What a build keeps between events lives in one `Site`, in the build's config: both
languages of a build (mkdocs-static-i18n builds them with the same config) share it, and
nothing is kept in a module.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import torch
from mkdocs.plugins import event_priority

from gradsite import (
    buildlog,
    downloads,
    errorindex,
    glossary,
    languages,
    matrix,
    reproducible,
    runner,
    searchwords,
    serve,
)
from gradsite.claims import render
from gradsite.claims.ledger import CLAIMS_PAGE, Ledger, in_nav_order
from gradsite.downloads import offline
from gradsite.matrix import notes
from gradsite.pages import Fence, fences, twins_differ
from gradsite.pictures.figures import record_drawn
from gradsite.project import (
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
RUNNER = "gradsite.runner"


@dataclass
class Site:
    """What one build keeps between events."""

    runner: runner.Context
    matrix: tuple[dict, dict] = ({}, {})  # data/matrix.json and its current rows (matrix.rows)
    not_found: dict[str, str] = field(default_factory=dict)  # language -> its 404.html
    ledger: Ledger = field(default_factory=Ledger)  # every page's claims
    said: set[str] = field(default_factory=set)  # examples without a matrix row, named once
    # page source -> {heading id: snippet} of its error-index entries (gradsite/errorindex.py)
    error_entries: dict[str, dict[str, str]] = field(default_factory=dict)


def site_of(config) -> Site:
    return config["gradsite"]


@event_priority(50)  # before Material's offline plugin adds its CDN shim (offline.use_local_shim)
def on_config(config):
    if "gradsite" not in config:  # a new build (the other languages reuse its Site)
        buildlog.count_from_here()  # its count starts here, before it logs
        config["gradsite"] = Site(runner=runner.Context())
    buildlog.quiet_markdown_exec()
    for name in runner.changed_sources():  # an edit while `make serve` runs
        log.warning(
            f"gradsite/{name} changed: restart make serve to build with it (outputs stay keyed by the old code)"
        )
    language = language_of_build(config)
    site = site_of(config)
    site.runner.root, site.runner.language = root_of(config), language
    site.matrix = (data := matrix.load(), matrix.rows(data))
    config.mdx_configs.setdefault(RUNNER, {})["context"] = site.runner
    reproducible.pin_build_date(site.runner.root)  # dates from the last commit, not the clock
    terms = glossary.terms(config.docs_dir, language)
    config.mdx_configs.setdefault("gradsite.glossary", {})["glossary"] = terms
    searchwords.add_glossary_terms(config.docs_dir)
    offline.use_local_shim(config)
    # For the templates (gradsite/overrides): the torch that ran the examples, and their words.
    config.extra["torch_version"] = torch.__version__
    config.extra["words"] = WORDS[language]["page"]
    config.extra["not_found"] = [
        dict(lang=lang, home=url_prefix(lang), title=w["not_found_title"], text=w["not_found"])
        for lang, w in ((lang, WORDS[lang]["page"]) for lang in LANGUAGES)
    ]
    return config


def on_files(files, config):
    site = site_of(config)
    if site.runner.language != LANGUAGES[0]:
        return files  # the checks cover both languages; report them once
    pages = [f.src_uri for f in files.documentation_pages()]
    order = in_nav_order(pages, config.nav)
    site.ledger = Ledger.read(Path(config.docs_dir), site.runner.root, order)
    for error in [*site.ledger.errors, *_twins(pages, Path(config.docs_dir))]:
        log.error(error)
    return files


def _twins(pages: list[str], docs: Path) -> list[str]:
    """Every page has its twin, and both include the same examples in the same order and give
    their headings the same ids."""
    by_stem: dict[str, set[str]] = {}
    errors = []
    for uri in pages:
        found = split_source(uri)
        if not found:
            errors.append(f"docs/{uri}: page has no language suffix; name it .zh.md and .en.md")
            continue
        by_stem.setdefault(found[0], set()).add(found[1])
    for stem, langs in sorted(by_stem.items()):
        for lang in sorted(set(LANGUAGES) - langs):
            errors.append(
                f"docs/{stem}.{sorted(langs)[0]}.md has no {lang} twin: create "
                f"docs/{stem}.{lang}.md (language {lang})"
            )
        if set(LANGUAGES) <= langs:
            text = [(docs / f"{stem}.{lang}.md").read_text(encoding="utf-8") for lang in LANGUAGES]
            for what, pattern, group, fix in TWINS_AGREE:
                found = [[m[group] for m in pattern.finditer(t)] for t in text]
                errors += twins_differ(stem, what, found, fix)
    return errors


# What both languages of a page list in the same order, and how to fix a difference.
TWINS_AGREE = (
    (
        "included examples",
        INCLUDE,
        "path",
        "Include each example in both languages, at the same place.",
    ),
    ("heading ids", HEADING_ID, "id", "Give a heading the same {#id} in both languages."),
)


def on_serve(server, config, builder):
    # A failed rebuild shows its errors on the served pages instead of holding requests.
    return serve.show_failures(server)


def on_page_markdown(markdown, page, config, files):
    site, src = site_of(config), page.file.src_uri
    site.runner.page = src
    found = fences(markdown)  # the page, parsed once
    # A graph's example records its inputs in its one run:
    record_drawn([fence.body for fence in found if fence.executed], site.runner)
    _glossary_variants(markdown, src, config)
    site.error_entries[src] = errorindex.entries(markdown, found)
    markdown = _examples(markdown, found, src, site)
    return _claim_marks(markdown, page, files, site)


def _glossary_variants(markdown: str, src: str, config) -> None:
    """A variant of a glossary term in a page (叶节点 for 叶子节点) fails the build, named."""
    found = split_source(src)
    if not found or found[0] == "glossary/index":
        return  # the glossary page lists the variants
    lang = found[1]
    variants = glossary.variants(config.docs_dir, lang)
    for line, variant, term in glossary.variants_in(markdown, variants):
        log.error(
            f'docs/{src}:{line}: language {lang}: "{variant}" is a variant of the glossary '
            f'term "{term}": write "{term}" (docs/glossary/index.{lang}.md lists the variants it replaces)'
        )


def _examples(markdown: str, found: list[Fence], src: str, site: Site) -> str:
    """Each fence that runs one included example: the runner told which file it runs (its
    `snippet` option), the spot of its compatibility note under it, and its checks folded
    under that (the page shows its recipe: gradsite/runner/)."""
    out, position, lang = [], 0, language_of(src)
    for fence in found:
        if not fence.executed or not fence.include:
            continue
        at = fence.info_end
        out += [markdown[position:at], f' snippet="{fence.include}"', markdown[at : fence.end]]
        out.append(
            notes.spot(fence.include, fence.indent, lang, *site.matrix, site.runner.root, site.said)
        )
        out.append(_checks(fence, site.runner.root, lang))
        position = fence.end
    return "".join(out) + markdown[position:]


def _checks(fence: Fence, root: Path, language: str) -> str:
    """The fold under an example that shows its checks, with the file's line numbers."""
    path = root / fence.include
    example = split_example(path.read_text(encoding="utf-8")) if path.is_file() else None
    if not example or not example.checks:
        return ""  # a missing file is pymdownx.snippets' error to report
    last = example.checks_from + example.checks.count("\n") - 1
    title = WORDS[language]["page"]["checks"].replace('"', "&quot;")
    indent = fence.indent
    return (
        f'\n\n{indent}??? success gs-checks "{title}"\n\n'
        f'{indent}    ```python linenums="{example.checks_from}"\n'
        f'{indent}    --8<-- "{fence.include}:{example.checks_from}:{last}"\n'
        f"{indent}    ```\n"
    )


def _claim_marks(markdown: str, page, files, site: Site) -> str:
    """The page's claim marks as links to the claims page, its placeholders filled in."""
    lang = language_of(page.file.src_uri)
    claims_page = files.get_file_from_path(f"{CLAIMS_PAGE}.{lang}.md")
    url = claims_page.url_relative_to(page.file) if claims_page else None
    table = ""
    if page.file.src_uri == f"{CLAIMS_PAGE}.{lang}.md":

        def page_url(src: str, anchor: str) -> str | None:
            target = files.get_file_from_path(src)
            return f"{target.url_relative_to(page.file)}#{anchor}" if target else None

        table = render.table(site.ledger, lang, page_url, site.matrix[1])
    return render.marks(markdown, page.file.src_uri, site.ledger, url, table)


def on_page_content(html, page, config, files):
    site, src = site_of(config), page.file.src_uri
    downloads.write_notebook(page, config, site.runner)
    html = notes.add_data(html, page, files, *site.matrix, root=site.runner.root)
    if site.error_entries.get(src):
        html = errorindex.headings(html, page, site.error_entries[src], site.runner)
    return render.data(html, src, site.ledger, site.matrix[1])


def on_env(env, config, files):
    # Every page's Markdown is rendered: how many examples this language's build ran or
    # reused (in `make serve`, a prose edit shows "0 run").
    log.info(runner.summary(site_of(config).runner))
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
    languages.split_by_language(config, site_of(config).not_found)
    downloads.write_downloads(config)


def on_build_error(error):
    buildlog.honest_abort(error)  # "Aborted with N errors": N of the whole build
