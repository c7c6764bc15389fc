"""The claim ledger: every claim of a build, what proves it, and what is wrong with them.
`Ledger.read` reads every page in both languages, the examples each includes, their `# claim:`
lines (with `ast`, the whole assert below each) and, from data/drift-claims.json (written by
tests/drift_claims.py: the build reads data, not tests), the drift cases that name a claim and
why a claim has none. `Ledger.errors`: what the strict build stops on, naming page, language
and claim."""

from __future__ import annotations

import ast
import json
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from gradsite.pages import blank_code, twins_differ
from gradsite.project import CLAIM_COMMENT, LANGUAGES, included, language_of, split_source

ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+){1,7}")  # 2 to 8 lowercase ascii words
MARK = re.compile(r"\[\[(?P<body>[^\[\]\n]*)\]\]")
BODY = re.compile(r"(?P<id>\S+)(?:[ \t]+cite=(?P<cite>\S+))?")
SUMMARY, TABLE = "claims-summary", "claims-table"  # placeholders, not claims
CLAIMS_PAGE = "claims/index"
DRIFT_CLAIMS = "data/drift-claims.json"  # written by tests/drift_claims.py
# A comment meant to name a claim, well written or not (CLAIM_COMMENT is the right form).
_LOOSE_COMMENT = re.compile(r"^[ \t]*#[ \t]*claims?[ \t]*:", re.I | re.M)
# Where a sentence starts: after another sentence, a paragraph, list item, heading or cell.
SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)(?<!\bcf)[.!?](?=\s)|[。！？]")
_BLOCK_START = re.compile(
    r"\n[ \t]*\n|^[ \t]*(?:[-*+]|\d+\.|#{1,6}|:|>)[ \t]|\||^[ \t]*(?:!!!|\?\?\?\+?)[^\n]*\n", re.M
)
_LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\([^)]*\)")
_ATTRS = re.compile(r"\{[:#.][^}]*\}")
_URL = re.compile(r"https?://\S+")  # what a mark cites


@dataclass
class Proof:
    """One assert that proves a claim: where, and its lines as written."""

    snippet: str
    line: int
    end: int
    code: str


@dataclass
class Claim:
    id: str
    page: str  # docs/-relative source: retention/index.en.md
    language: str
    line: int
    sentence: str  # the sentence's Markdown, marks and links taken out
    cite: str | None = None
    proofs: list[Proof] = field(default_factory=list)
    drift: list[str] = field(default_factory=list)
    no_drift: str = ""  # why no drift case can break it alone (NO_DRIFT in tests/drift_cases)

    @property
    def asserted(self) -> bool:
        return bool(self.proofs)


@dataclass
class Counts:
    claims: int = 0
    asserted: int = 0
    cited: int = 0
    drift: int = 0

    def add(self, claim: Claim) -> None:
        self.claims += 1
        self.asserted += claim.asserted
        self.cited += not claim.asserted and claim.cite is not None
        self.drift += claim.asserted and bool(claim.drift)

    def fields(self) -> dict[str, int]:
        """The counts, and the shares the targets are stated in (per cent, rounded down)."""
        return {
            **vars(self),
            "asserted_pct": 100 * self.asserted // self.claims if self.claims else 0,
            "drift_pct": 100 * self.drift // self.asserted if self.asserted else 0,
        }


def _sentence(text: str, blank: str, start: int, end: int) -> str:
    """The sentence that ends where a mark starts (`end`), as Markdown without marks or links."""
    begin = max(
        [m.end() for m in SENTENCE_END.finditer(blank, start, max(start, end - 1))]
        + [m.end() for m in _BLOCK_START.finditer(blank, start, end)]
        + [start]
    )
    sentence = MARK.sub("", text[begin:end])
    sentence = _ATTRS.sub("", _LINK.sub(lambda m: m["text"], sentence))
    return " ".join(sentence.split())


def marks_in(text: str) -> list[tuple[str, int, str]]:
    """(what is inside, line, sentence) of every [[...]] mark of a page outside code, in order."""
    blank = blank_code(text)
    found: list[tuple[str, int, str]] = []
    previous_end = 0
    for match in MARK.finditer(blank):
        line = text.count("\n", 0, match.start()) + 1
        if found and not blank[previous_end : match.start()].strip():
            sentence = found[-1][2]  # a second mark on the same sentence
        else:
            sentence = _sentence(text, blank, previous_end, match.start())
        found.append((text[match.start() + 2 : match.end() - 2], line, sentence))
        previous_end = match.end()
    return found


def proofs_in(snippet: str, root: Path) -> tuple[dict[str, list[Proof]], list[str]]:
    """{claim id: its asserts} of one example, and what is wrong with its `# claim:` lines."""
    source = (root / snippet).read_text(encoding="utf-8")
    if not _LOOSE_COMMENT.search(source):
        return {}, []
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}, []  # the runner reports it, at its line
    asserts = {node.lineno: node for node in _statements(tree.body) if isinstance(node, ast.Assert)}
    lines = source.splitlines()
    found: dict[str, list[Proof]] = {}
    errors = []
    for number, line in enumerate(lines, 1):
        if not _LOOSE_COMMENT.match(line):
            continue
        where = f"{snippet}:{number}"
        comment = CLAIM_COMMENT.match(line)
        if not comment:
            errors.append(
                f"{where}: malformed claim comment {line.strip()!r}: write "
                "'# claim: <id> [<id> ...]', ids of 2 to 8 lowercase ascii words joined by hyphens"
            )
            continue
        below = number + 1
        while below <= len(lines) and CLAIM_COMMENT.match(lines[below - 1]):
            below += 1  # claim comments stacked above one assert
        node = asserts.get(below)
        if node is None:
            what = lines[below - 1].strip() if below <= len(lines) else "the end of the file"
            errors.append(
                f"{where}: '{line.strip()}' is not directly above an assert statement "
                f"(line {below} is {what!r}): put it on the line right above the assert that proves it"
            )
            continue
        code = textwrap.dedent("\n".join(lines[node.lineno - 1 : node.end_lineno]))
        for claim in comment["ids"].split():
            if not ID.fullmatch(claim):
                errors.append(
                    f"{where}: malformed claim id {claim!r}: 2 to 8 lowercase ascii words "
                    "joined by hyphens"
                )
                continue
            found.setdefault(claim, []).append(Proof(snippet, node.lineno, node.end_lineno, code))
    return found, errors


def _statements(body: list):
    """Every statement, nested ones too (an assert is a statement: expressions are not walked)."""
    for node in body:
        yield node
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            if isinstance(inner := getattr(node, name, None), list):
                yield from _statements(inner)


def claims_at(snippet: str, line: int, root: Path) -> set[str]:
    """The claims whose assert covers `line` of the example (a drift case's failure)."""
    return {
        claim
        for claim, proofs in proofs_in(snippet, root)[0].items()
        for proof in proofs
        if proof.line <= line <= proof.end
    }


def drift(root: Path) -> tuple[dict[str, list[str]], dict[str, str]]:
    """({claim id: names of the drift cases that must fail at its assert}, {claim id: why no
    drift case can break it alone}), from data/drift-claims.json ({} and {} without it)."""
    path = root / DRIFT_CLAIMS
    found = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return found.get("cases", {}), found.get("no_drift", {})


@dataclass
class Ledger:
    """Every claim of a build, per language, in page order; and what is wrong with them."""

    claims: dict[str, list[Claim]] = field(default_factory=dict)
    titles: dict[tuple[str, str], str] = field(default_factory=dict)  # (stem, lang) -> title
    errors: list[str] = field(default_factory=list)
    # What reading needs across pages: each example's proofs, the ids the pages including an
    # example name (per language), the examples each page includes.
    proofs: dict[str, dict[str, list[Proof]]] = field(default_factory=dict, repr=False)
    named: dict[tuple[str, str], set[str]] = field(default_factory=dict, repr=False)
    includes: dict[str, list[str]] = field(default_factory=dict, repr=False)

    @classmethod
    def read(cls, docs: Path, root: Path, pages: list[str]) -> Ledger:
        """The ledger of `pages` (docs/-relative sources, both languages, in nav order)."""
        ledger = cls(claims={lang: [] for lang in LANGUAGES})
        cases, reasons = drift(root)
        by_stem: dict[str, dict[str, list[Claim]]] = {}
        for page in pages:
            found = split_source(page)
            if found and found[0] != CLAIMS_PAGE:
                mine = ledger._read_page(docs, root, page, *found, cases, reasons)
                by_stem.setdefault(found[0], {})[found[1]] = mine
        for stem, langs in by_stem.items():
            for lang in LANGUAGES:
                ledger.claims[lang] += langs.get(lang, [])
            ledger.errors += _twins_differ(stem, langs)
        ledger._used_twice()
        ledger._stale_reasons(root, cases, reasons)
        ledger._orphan_comments()
        return ledger

    def _read_page(self, docs, root, page, stem, lang, cases, reasons) -> list[Claim]:
        """One page's title and claims, each with its proofs from the examples it includes."""
        text = (docs / page).read_text(encoding="utf-8")
        title = re.search(r"^# (.+)$", blank_code(text), re.M)
        self.titles[stem, lang] = text[title.start(1) : title.end(1)].strip() if title else stem
        snippets = [s for s in included(text) if (root / s).is_file()]
        self.includes[page] = snippets
        for snippet in snippets:
            if snippet not in self.proofs:
                self.proofs[snippet], errors = proofs_in(snippet, root)
                self.errors += errors
        mine = []
        for inside, line, sentence in marks_in(text):
            if inside in (SUMMARY, TABLE):
                continue
            body = BODY.fullmatch(inside)
            cite = body["cite"] if body else None
            if not body or not ID.fullmatch(body["id"]) or (cite and not _URL.fullmatch(cite)):
                self.errors.append(
                    f"docs/{page}:{line}: language {lang}: malformed claim mark [[{inside}]]: "
                    "write [[<id>]] or [[<id> cite=<URL>]], the id 2 to 8 lowercase ascii words "
                    "joined by hyphens (retain-grad-keeps-grad)"
                )
                continue
            claim = Claim(body["id"], page, lang, line, sentence, body["cite"])
            claim.proofs = [p for s in snippets for p in self.proofs[s].get(claim.id, [])]
            claim.drift = cases.get(claim.id, []) if claim.proofs else []
            if claim.proofs and not claim.drift:
                claim.no_drift = reasons.get(claim.id, "")
            mine.append(claim)
            if not claim.proofs and not claim.cite:
                self.errors.append(
                    f"docs/{page}:{line}: language {lang}: claim {claim.id} names no assert "
                    f"of an example on this page: put '# claim: {claim.id}' right above the "
                    f"assert that proves it in one of {', '.join(snippets) or '(no example)'}, "
                    f"or cite its source: [[{claim.id} cite=<URL>]]"
                )
        for snippet in snippets:
            self.named.setdefault((snippet, lang), set()).update(c.id for c in mine)
        return mine

    def _used_twice(self) -> None:
        for lang, claims in self.claims.items():
            seen: dict[str, Claim] = {}
            for claim in claims:
                if (first := seen.setdefault(claim.id, claim)) is not claim:
                    self.errors.append(
                        f"docs/{claim.page}:{claim.line}: language {lang}: claim {claim.id} is "
                        f"used twice (first at docs/{first.page}:{first.line}): give each "
                        "sentence its own id"
                    )

    def _stale_reasons(self, root: Path, cases: dict, reasons: dict) -> None:
        """A NO_DRIFT reason for a claim no example asserts, or that a case breaks, is stale. Every
        example's claims count, not only the built pages': a build of one chapter (tests, `make
        example`) must not call the others' reasons stale."""
        asserted = {
            claim_id
            for path in sorted((root / "snippets").rglob("*.py"))
            for m in CLAIM_COMMENT.finditer(path.read_text(encoding="utf-8"))
            for claim_id in m["ids"].split()
        }
        for claim_id in sorted(reasons):
            if claim_id not in asserted:
                self.errors.append(
                    f"tests/drift_cases: NO_DRIFT names {claim_id}, a claim no example asserts: "
                    "remove its entry"
                )
            elif cases.get(claim_id):
                self.errors.append(
                    f"tests/drift_cases: NO_DRIFT says {claim_id} cannot drift alone, but "
                    f"{', '.join(repr(n) for n in cases[claim_id])} breaks it: remove its entry"
                )

    def _orphan_comments(self) -> None:
        """A `# claim:` id that no page including its example makes, in some language."""
        for snippet, ids in sorted(self.proofs.items()):
            for claim in sorted(ids):
                missing = [
                    lang
                    for lang in LANGUAGES
                    if (snippet, lang) in self.named and claim not in self.named[snippet, lang]
                ]
                if not missing:
                    continue
                where = ", ".join(
                    f"docs/{p}"
                    for p, found in self.includes.items()
                    if snippet in found and split_source(p)[1] in missing
                )
                self.errors.append(
                    f"{snippet}:{ids[claim][0].line}: '# claim: {claim}' names a claim that "
                    f"no page including {snippet} makes in language {', '.join(missing)} "
                    f"({where}): add [[{claim}]] after the sentence it proves, or remove the comment"
                )

    def counts(self, lang: str, page: str | None = None) -> Counts:
        counts = Counts()
        for claim in self.claims.get(lang, []):
            if page is None or claim.page == page:
                counts.add(claim)
        return counts

    def on_page(self, page: str) -> dict[str, Claim]:
        return {c.id: c for c in self.claims.get(language_of(page), []) if c.page == page}


def _twins_differ(stem: str, langs: dict[str, list[Claim]]) -> list[str]:
    """Both languages of a page make the same claims, in the same order, citing the same URL."""
    (a, first), (b, second) = [(lang, langs.get(lang, [])) for lang in LANGUAGES]
    fix = "Mark the same sentences with the same ids, in the same order, in both languages."
    ids = [[c.id for c in first], [c.id for c in second]]
    return twins_differ(stem, "claims", ids, fix, "claim") or [
        f"docs/{stem}.{a}.md and docs/{stem}.{b}.md: claim {x.id} cites {x.cite} in {a} but "
        f"{y.cite} in {b}: cite the same URL"
        for x, y in zip(first, second)
        if x.cite != y.cite
    ]


def in_nav_order(pages: list[str], nav) -> list[str]:
    """Page sources (both languages) in the order of mkdocs.yml's nav, the others after."""

    def walk(item):
        if isinstance(item, str):
            yield item.removesuffix(".md")
        elif isinstance(item, (dict, list)):
            for value in item.values() if isinstance(item, dict) else item:
                yield from walk(value)

    order = list(walk(nav or []))

    def key(page: str):
        found = split_source(page)
        stem = found[0] if found else page
        rank = order.index(stem) if stem in order else len(order)
        return rank, stem, LANGUAGES.index(found[1]) if found else 0

    return sorted(pages, key=key)
