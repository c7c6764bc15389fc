"""What is left to mark: the sentences of a page that look like behaviour statements but carry
no claim mark (a reviewer's aid; CONTRIBUTING, "Claims"):

    python -m gradsite.claims unmarked docs/<chapter>/index.en.md
"""

from __future__ import annotations

import re
from pathlib import Path

from gradsite.claims.ledger import MARK, SENTENCE_END
from gradsite.pages import blank_code
from gradsite.project import language_of

# A sentence that looks like it says what PyTorch does: one of these verbs, a number,
# inline code that calls something, or an error's name.
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
    """(line, sentence) of prose that looks like a behaviour statement and carries no mark.

    Code, headings, tables, raw HTML and admonition titles are left out. A sentence ends at
    。！？ (zh), at . ! ? before a space (en), at a mark, or where its paragraph ends; it is
    marked when a mark follows its end."""
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
        if marked:
            start = _after_marks(blank, end)
        lines = [line for line in sentence.strip().splitlines() if not _SKIP_LINE.match(line)]
        plain = _LIST_ITEM.sub("", " ".join(" ".join(lines).split()))
        if marked or not plain or not BEHAVIOUR[lang].search(plain):
            continue
        found.append((text.count("\n", 0, first) + 1, plain))
    return found


_LIST_ITEM = re.compile(r"^(?:[-*+]|\d+\.)\s+")
_SKIP_LINE = re.compile(r"\s*(?:#|\||<|!!!|\?\?\?|`{3}|~{3}|--8<--)|\s*$")


def _after_marks(blank: str, position: int) -> int:
    while (match := MARK.match(blank, position)) is not None:
        position = match.end()
    return position


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
