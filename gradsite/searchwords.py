"""The words each language's search knows (jobs of gradsite/hooks.py and gradsite/languages.py).

Material's search plugin segments Chinese text with jieba when it builds the
index, and the browser then matches a query against the words found there.
jieba alone cuts 反向传播 into 反向 / 传播 and 叶子节点 into 叶子 / 节点, so a
search for a term of the site's glossary also scores every page that merely
says 反向 or 节点. Each zh glossary term is added to jieba's dictionary before
any page is indexed: the glossary (docs/glossary/index.zh.md) stays the one list.

Readers of one language type the other's words: a zh reader writes loss, DDP,
batch or leaf tensor in Latin letters, an en reader may paste 叶子节点. Once the
index is split per language (gradsite/languages.py), `across_languages` gives
each index two things from the pages and the glossary, nothing typed twice:

* every entry (a page, or a section under its heading id) gets a `twin` field:
  the title of the same entry in the other language (both languages have the
  same heading ids), so `loss` finds the zh section titled 损失不再下降 through
  its English title. Material indexes every field of the index's `config.fields`
  and shows only the title and text, so the twin is searched, never shown;
* `config.glossary`: every way the glossary writes a term, in either language,
  its variants included, to the term as the page's language writes it
  ({"leaf tensor": "叶子节点", "叶节点": "叶子节点", ...} in zh).
  docs/assets/search-query.js adds the term to a query that contains one of them.
"""

from __future__ import annotations

import re

import jieba

from gradsite import glossary

# The twin's title weighs a tenth of the entry's own title (Material: title 1000, text 1).
TWIN_BOOST = 100.0
_TAG = re.compile(r"<[^>]+>")


def add_glossary_terms(docs_dir) -> None:
    for term in glossary.terms(docs_dir, "zh"):
        jieba.add_word(term)


def pairs(docs_dir, language: str, other: str) -> dict[str, str]:
    """{a way the glossary writes a term (lowercase): the term in `language`}."""
    mine, theirs = glossary.counterparts(docs_dir, language), glossary.counterparts(docs_dir, other)
    found = {term: counterpart for term, counterpart in theirs.items()}
    found |= {variant: theirs[term] for variant, term in glossary.variants(docs_dir, other).items()}
    return {form.lower(): term for form, term in found.items() if term in mine}


def across_languages(indexes: dict[str, dict], docs_dir) -> None:
    """Give each language's index (Material's search_index.json, split per language and
    its locations made relative to the language's home) the other's titles and the glossary."""
    titles = {
        language: {doc["location"]: _TAG.sub("", doc["title"]) for doc in index["docs"]}
        for language, index in indexes.items()
    }
    for language, index in indexes.items():
        (other,) = [lang for lang in indexes if lang != language]
        for doc in index["docs"]:
            twin = titles[other].get(doc["location"])
            if twin:
                doc["twin"] = twin
        config = index["config"]  # a copy per language: the split indexes share the original
        index["config"] = {
            **config,
            "fields": {**config["fields"], "twin": {"boost": TWIN_BOOST}},
            "glossary": pairs(docs_dir, language, other),
        }
