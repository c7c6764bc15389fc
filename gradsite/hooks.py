"""MkDocs hooks: the few things no plugin setting covers.

* python fences run through gradsite.execute (clear failures, execute once);
* every page must exist in both languages (mkdocs-static-i18n would silently
  fall back or drop it);
* the torch version that produced the outputs is given to the templates;
* glossary tooltips in the page's language (gradsite/glossary.py).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import markdown_exec
import torch

from gradsite import execute, glossary, reproducible

log = logging.getLogger("mkdocs.hooks.gradsite")

LANGUAGES = ("zh", "en")
_SUFFIX = re.compile(r"^(?P<stem>.+)\.(?P<lang>[a-z]{2})\.md$")


def on_config(config):
    for name in execute.reload_changed_helpers():  # an edit in `mkdocs serve`
        log.info(f"reloaded {name}: its source changed")
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


def on_files(files, config):
    if execute.state.language != LANGUAGES[0]:
        return files  # the check covers both languages; report it once
    pages = [f.src_uri for f in files.documentation_pages()]
    by_stem: dict[str, set[str]] = {}
    for uri in pages:
        match = _SUFFIX.match(uri)
        if not match or match["lang"] not in LANGUAGES:
            log.error(f"docs/{uri}: page has no language suffix; name it .zh.md and .en.md")
            continue
        by_stem.setdefault(match["stem"], set()).add(match["lang"])
    for stem, langs in sorted(by_stem.items()):
        for missing in sorted(set(LANGUAGES) - langs):
            present = sorted(langs)[0]
            log.error(
                f"docs/{stem}.{present}.md has no {missing} twin: create docs/{stem}.{missing}.md "
                f"(language {missing})"
            )
    return files


def on_page_markdown(markdown, page, config, files):
    execute.state.page = page.file.src_uri
    return markdown


def on_post_build(config):
    # How many examples this language's build ran or reused: in `make serve`,
    # a prose edit should show "0 run".
    log.info(execute.summary())
