"""What is left to mark (a reviewer's aid; CONTRIBUTING.md, "Claims"): the sentences of a page
that look like behaviour statements but carry no claim mark.

    python -m gradsite.claims unmarked docs/<chapter>/index.en.md"""

from __future__ import annotations

import re
from pathlib import Path

from gradsite.claims.ledger import MARK, SENTENCE_END
from gradsite.pages import blank_code
from gradsite.project import language_of

# What PyTorch does: one of these verbs, a number, inline code that calls, an error's name.
BEHAVIOUR = {
    "en": re.compile(
        r"\b(?:returns?|raises?|warns?|gives?|becomes?|stays?|keeps?|holds?|adds?|accumulates?|"
        r"frees?|saves?|writes?|defaults?|sets?|clears?|fails?|errors?|is (?:None|True|False)|"
        r"equals?|skips?|records?|shares?|changes?|reuses?|overwrites?|calls?|stops?|works?)\b"
        r"|\d|`[^`]*\(|\w+(?:Error|Warning)\b",
    ),
    "zh": re.compile(
        r"返回|抛出|报错|警告|得到|变成|变为|默认|保留|累加|释放|保存|写入|等于|跳过|记录|共享|"
        r"清零|设为|失败|不变|覆盖|调用|仍然|\d|`[^`]*\(|\w+(?:Error|Warning)\b"
    ),
}


def unmarked(text: str, lang: str) -> list[tuple[int, str]]:
    """(line, sentence) of prose that looks like a behaviour statement and carries no mark; code,
    headings, tables, raw HTML and admonition titles left out. A sentence ends at 。！？, at . ! ?
    before a space, at a mark, or where its paragraph ends; a mark after its end marks it."""
    blank = blank_code(text)
    prose = blank_code(text, inline=False)  # inline code kept
    ends = sorted(
        [(m.end(), False) for m in SENTENCE_END.finditer(blank)]
        + [(m.start(), True) for m in MARK.finditer(blank)]
        + [(m.start(), False) for m in re.finditer(r"\n[ \t]*\n|\Z", blank)]
        + [(m.start(), False) for m in re.finditer(r"\n(?=[ \t]*(?:[-*+]|\d+\.)[ \t])", blank)]
    )
    found, start = [], 0
    for end, is_mark in ends:
        if end < start:
            continue
        sentence = prose[start:end]
        marked = is_mark or MARK.match(blank, end) is not None
        first = start + len(sentence) - len(sentence.lstrip())
        start = end
        while marked and (match := MARK.match(blank, start)):
            start = match.end()  # the next sentence starts after the marks
        lines = [line for line in sentence.strip().splitlines() if not _SKIP_LINE.match(line)]
        plain = _LIST_ITEM.sub("", " ".join(" ".join(lines).split()))
        if not marked and plain and BEHAVIOUR[lang].search(plain):
            found.append((text.count("\n", 0, first) + 1, plain))
    return found


_LIST_ITEM = re.compile(r"^(?:[-*+]|\d+\.)\s+")
_SKIP_LINE = re.compile(r"\s*(?:#|\||<|!!!|\?\?\?|`{3}|~{3}|--8<--)|\s*$")


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] != "unmarked":
        print("usage: python -m gradsite.claims unmarked docs/<chapter>/index.<lang>.md ...")
        return 2
    total = 0
    for path in argv[1:]:
        text = Path(path).read_text(encoding="utf-8")
        for line, sentence in unmarked(text, language_of(Path(path).name)):
            print(f"{path}:{line}: {sentence}")
            total += 1
    print(f"{total} sentence(s) look like behaviour statements without a claim mark")
    return 0
