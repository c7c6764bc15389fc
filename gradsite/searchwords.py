"""The glossary's Chinese terms are single words in the search index (a job of gradsite/hooks.py).

Material's search plugin segments Chinese text with jieba when it builds the
index, and the browser then matches a query against the words found there.
jieba alone cuts 反向传播 into 反向 / 传播 and 叶子节点 into 叶子 / 节点, so a
search for a term of the site's glossary also scores every page that merely
says 反向 or 节点. Each zh glossary term is added to jieba's dictionary before
any page is indexed: the glossary (docs/glossary/index.zh.md) stays the one list.
"""

from __future__ import annotations

import jieba

from gradsite import glossary


def add_glossary_terms(docs_dir) -> None:
    for term in glossary.terms(docs_dir, "zh"):
        jieba.add_word(term)
