"""The words each language's search knows, and how it weighs them (jobs of
gradsite/hooks.py and gradsite/languages.py).

Material's search plugin segments Chinese text with jieba when it builds the
index, and the browser then matches a query against the words found there.
jieba alone cuts 反向传播 into 反向 / 传播 and 叶子节点 into 叶子 / 节点, so a
search for a term of the site's glossary also scores every page that merely
says 反向 or 节点. Each zh glossary term is added to jieba's dictionary before
any page is indexed (the glossary, docs/glossary/index.zh.md, stays the one list),
and so are a few words jieba cuts into a word and a stray character (学习/率).

Readers of one language type the other's words: a zh reader writes loss, DDP,
batch or leaf tensor in Latin letters, an en reader may paste 叶子节点. Once the
index is split per language (gradsite/languages.py), `across_languages` gives
each index, from the pages and the glossary, nothing typed twice:

* every entry (a page, or a section under its heading id) gets a `twin` field:
  the title of the same entry in the other language (both languages have the
  same heading ids), so `loss` finds the zh section titled 损失不再下降 through
  its English title. Material indexes every field of the index's `config.fields`
  and shows only the title and text, so the twin is searched, never shown;
* `config.glossary`: every way the glossary writes a term, in either language,
  its variants included, to the term as the page's language writes it
  ({"leaf tensor": "叶子节点", "叶节点": "叶子节点", ...} in zh), and READER_WORDS.
  docs/assets/search-query.js adds the term to a query that contains one of them;
* the weights: a title weighs 10 words of text instead of Material's 1000, code and
  outputs (a `code` field of their own, searched, never shown) 0.3, a page's own entry
  half a section, an error message's entry less the longer its title; the folded checks
  under each example (asserts, claim ids) are not indexed.
  Measured with tests/search_queries.toml (tests/test_search.py), both languages.
"""

from __future__ import annotations

import re

import jieba

from gradsite import glossary
from gradsite.words import WORDS

# Words jieba's dictionary lacks, which it cuts into a word and a character the search
# cannot use (学习/率, 优化/器, 跳/过): added like the glossary's terms, so that the index
# and a query cut the same way keep them whole.
SEGMENT_WORDS = ("学习率", "调度器", "优化器", "判别器", "估计器", "雅可比", "跳过", "统计量")

# Words readers type that the site writes otherwise: {language: {typed: the index's word(s)}}.
# In zh, the Latin words zh readers type for the site's Chinese terms (the glossary's own
# pairs come from docs/glossary/), and a few everyday words for the site's (涨 for 增长).
# Added to config.glossary, which docs/assets/search-query.js reads: a form found in a
# query adds its word(s). Keep it short: a word here is a claim that readers mean the same.
READER_WORDS = {
    "zh": {
        "loss": "损失",
        "batch": "批次",
        "optimizer": "优化器",
        "scheduler": "调度器",
        "memory": "内存",
        "leaf": "叶子节点",
        "freeze": "冻结",
        "backward": "反向传播",
        "clip": "裁剪",
        "sync": "同步",
        "涨": "增长",
        "显存": "内存",
        "不一样": "不同",
        "原地操作": "原地修改",
        "原地修改": "原地操作",
        "不降": "下降",
        "未使用": "没用到",
        "冻住": "冻结",
        "清空": "清零",
        "多卡": "分布式",
    },
    "en": {},
}

# Each field of an entry is scored with BM25 (no length normalization: b = 0) times the field's
# boost, by Material's lunr and by the site's own ranking, which reads the same boosts from the
# index (docs/assets/search-query.js, `score`); Material's defaults are title 1000, text 1.
# At 1000 one word of a title outweighs every other word of a question, so a section titled
# "Accumulated gradients differ from the big batch" wins any question that says "accumulated"
# or "batch". At 10 a title word still weighs about five words of text (a word's text score
# saturates near 2.2 times its idf). The twin (the other language's title) is searched for the
# other script's words: English ones on zh pages (loss, DDP), 5; Chinese ones on en pages, 2,
# since its Latin words (GradScaler, DDP) repeat the title.
TITLE_BOOST = 10.0
TWIN_BOOST = {"zh": 5.0, "en": 2.0}
# A page's own entry (its title and opening) is scored like its sections, then Material
# multiplies an entry with no parent by up to 2.5 more than a section: halved here, so
# that a chapter's title (梯度累加, Gradient accumulation) does not win a question that
# says the chapter's topic word.
PAGE_BOOST = 0.5
# Titles longer than TITLE_WORDS words (an error message is the title of its entry) weigh
# sqrt(TITLE_WORDS / words): with no length normalization, a forty-word message would
# match a question's common words in its title at full weight.
TITLE_WORDS = 6
# Code blocks and outputs go from an entry's text to a field of their own, weighing 0.3:
# code repeats loss, grad, None and detach on every line, and a long example made its
# section match any question with those words. Code is still searched (set_to_none=True,
# clip_grad_norm_), and a pasted error message matches its entry's title.
CODE_BOOST = 0.3
_TAG = re.compile(r"<[^>]+>")
_CODE = re.compile(r"<pre>.*?</pre>", re.S)


def add_glossary_terms(docs_dir) -> None:
    """The glossary's zh terms and SEGMENT_WORDS as words of jieba's dictionary."""
    for term in (*glossary.terms(docs_dir, "zh"), *SEGMENT_WORDS):
        jieba.add_word(term)


def pairs(docs_dir, language: str, other: str) -> dict[str, str]:
    """{a way the glossary writes a term (lowercase), in either language: the term in
    `language`}, and READER_WORDS."""
    mine, theirs = glossary.counterparts(docs_dir, language), glossary.counterparts(docs_dir, other)
    found = dict(theirs)
    found |= {variant: theirs[term] for variant, term in glossary.variants(docs_dir, other).items()}
    found = {form.lower(): term for form, term in found.items() if term in mine}
    # Chinese variants on zh pages (梯度累积 for 梯度累加): the build keeps them out of the
    # pages (gradsite/glossary.py), so the index never has them. Not the English ones on en
    # pages: PyTorch's messages use them (a leaf Variable), and a pasted message looks for
    # its entry, not for the site's term.
    if language == "zh":
        found |= {variant: term for variant, term in glossary.variants(docs_dir, language).items()}
    return found | READER_WORDS.get(language, {})


def _checks(language: str) -> re.Pattern:
    """The folded checks under an example, as the index has them: the fold's title (in zh
    cut into words by U+200B) and the code under it."""
    title = WORDS[language]["page"]["checks"]
    spaced = "[\u200b ]*".join(re.escape(char) for char in title)
    return re.compile(spaced + r"\s*(?:<pre>.*?</pre>)?", re.S)


def across_languages(indexes: dict[str, dict], docs_dir) -> None:
    """Give each language's index (Material's search_index.json, split per language and
    its locations made relative to the language's home) the other's titles, the glossary,
    the weights above, and no folded checks."""
    titles = {
        language: {doc["location"]: _TAG.sub("", doc["title"]) for doc in index["docs"]}
        for language, index in indexes.items()
    }
    for language, index in indexes.items():
        (other,) = [lang for lang in indexes if lang != language]
        config = index["config"]  # a copy per language: the split indexes share the original
        separator = re.compile(config["separator"])
        checks = _checks(language)
        docs = []
        for doc in index["docs"]:
            doc = dict(doc)
            twin = titles[other].get(doc["location"])
            if twin:
                doc["twin"] = twin
            # The checks are the proof, folded under the recipe: asserts and claim ids,
            # no answer a reader searches for, and words that make every long section match.
            doc["text"] = checks.sub(" ", doc["text"])
            code = _CODE.findall(doc["text"])
            if code:
                doc["text"] = _CODE.sub(" ", doc["text"])
                doc["code"] = " ".join(code)
            boost = 1.0 if "#" in doc["location"] else PAGE_BOOST
            length = len([w for w in separator.split(_TAG.sub(" ", doc["title"])) if w.strip()])
            if length > TITLE_WORDS:
                boost *= (TITLE_WORDS / length) ** 0.5
            if boost != 1.0:
                doc["boost"] = round(doc.get("boost", 1.0) * boost, 3)
            docs.append(doc)
        index["docs"] = docs
        fields = dict(config["fields"], twin={"boost": TWIN_BOOST[language]})
        fields.update(title={**fields["title"], "boost": TITLE_BOOST}, code={"boost": CODE_BOOST})
        index["config"] = {**config, "fields": fields, "glossary": pairs(docs_dir, language, other)}
