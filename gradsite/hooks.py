"""MkDocs hooks: the few things no plugin setting covers.

* python fences run through gradsite.execute (clear failures, execute once);
  a fence whose body is one `--8<--` include tells the runner which snippet it runs;
* every page exists in both languages, and both include the same examples in the
  same order and give their headings the same ids (mkdocs-static-i18n would
  silently fall back, and a differing id breaks the language switch);
* the torch version that produced the outputs is given to the templates;
* glossary tooltips in the page's language (gradsite/glossary.py), and no variant
  of a glossary term in a page.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import markdown_exec
import torch

from gradsite import execute, glossary, reproducible
from gradsite.conventions import FENCE, HEADING_ID, INCLUDE, LANGUAGES

log = logging.getLogger("mkdocs.hooks.gradsite")

_SUFFIX = re.compile(r"^(?P<stem>.+)\.(?P<lang>[a-z]{2})\.md$")


def _reported_by_the_runner(record: logging.LogRecord) -> bool:
    """markdown-exec repeats a failing python block and its traceback: the runner's report says it all."""
    return not record.getMessage().startswith("Execution of python code block")


def on_config(config):
    exec_log = logging.getLogger("mkdocs.plugins.markdown_exec")
    if _reported_by_the_runner not in exec_log.filters:
        exec_log.addFilter(_reported_by_the_runner)
    for name in execute.changed_sources():  # an edit while `make serve` runs
        log.warning(f"gradsite/{name} changed: restart make serve to build with it (outputs stay keyed by the old code)")
    markdown_exec.formatters["python"] = execute.format_python
    markdown_exec.formatters["py"] = execute.format_python
    config.extra["torch_version"] = torch.__version__
    # The project folder: docs/ and snippets/ sit side by side in it.
    execute.state.root = Path(config.docs_dir).resolve().parent
    reproducible.pin_build_date(execute.state.root)  # dates from the last commit, not the clock
    i18n = config.plugins.get("i18n")
    execute.state.language = getattr(i18n, "current_language", None) or LANGUAGES[0]
    config.mdx_configs.setdefault("gradsite.glossary", {})["glossary"] = glossary.terms(
        config.docs_dir, execute.state.language
    )
    return config


def _compare(stem: str, docs: Path, what: str, pattern: re.Pattern, fix: str) -> None:
    """Both languages of a page must list the same `what` in the same order."""
    found = {lang: [m[1] for m in pattern.finditer((docs / f"{stem}.{lang}.md").read_text(encoding="utf-8"))]
             for lang in LANGUAGES}
    (a, first), (b, second) = found.items()
    if first == second:
        return
    only = {a: [x for x in first if x not in second], b: [x for x in second if x not in first]}
    detail = "; ".join(f"only in {lang}: {', '.join(items)}" for lang, items in only.items() if items)
    log.error(
        f"docs/{stem}.{a}.md and docs/{stem}.{b}.md differ in their {what}: "
        f"{detail or 'same ones, another order'}. {fix}"
    )


def on_files(files, config):
    if execute.state.language != LANGUAGES[0]:
        return files  # the checks cover both languages; report them once
    docs = Path(config.docs_dir)
    by_stem: dict[str, set[str]] = {}
    for uri in (f.src_uri for f in files.documentation_pages()):
        match = _SUFFIX.match(uri)
        if not match or match["lang"] not in LANGUAGES:
            log.error(f"docs/{uri}: page has no language suffix; name it .zh.md and .en.md")
            continue
        by_stem.setdefault(match["stem"], set()).add(match["lang"])
    for stem, langs in sorted(by_stem.items()):
        missing = sorted(set(LANGUAGES) - langs)
        for lang in missing:
            present = sorted(langs)[0]
            log.error(f"docs/{stem}.{present}.md has no {lang} twin: create docs/{stem}.{lang}.md (language {lang})")
        if not missing:
            _compare(stem, docs, "included examples", INCLUDE,
                     "Include each example in both languages, at the same place.")
            _compare(stem, docs, "heading ids", HEADING_ID,
                     "Give a heading the same {#id} in both languages.")
    return files


def _name_the_snippet(match: re.Match) -> str:
    """A fence whose whole body is one include: tell the runner which file it runs."""
    include = INCLUDE.fullmatch(match["body"].strip("\n"))
    if not include:
        return match[0]
    start = match.start("options") - match.start()
    return f'{match[0][:start]}{match["options"]} snippet="{include["path"]}"{match[0][match.end("options") - match.start():]}'


def _glossary_variants(markdown: str, page, config) -> None:
    """A variant of a glossary term in a page (叶节点 for 叶子节点) fails the build, named."""
    match = _SUFFIX.match(page.file.src_uri)
    if not match or match["stem"] == "glossary/index":
        return  # the glossary page lists the variants
    lang = match["lang"]
    for line, variant, term in glossary.variants_in(markdown, glossary.variants(config.docs_dir, lang)):
        log.error(
            f'docs/{page.file.src_uri}:{line}: language {lang}: "{variant}" is a variant of the glossary term '
            f'"{term}": write "{term}" (docs/glossary/index.{lang}.md lists the variants it replaces)'
        )


def on_page_markdown(markdown, page, config, files):
    execute.state.page = page.file.src_uri
    _glossary_variants(markdown, page, config)
    return FENCE.sub(_name_the_snippet, markdown)


def on_post_build(config):
    # How many examples this language's build ran or reused: in `make serve`,
    # a prose edit shows "0 run".
    log.info(execute.summary())
