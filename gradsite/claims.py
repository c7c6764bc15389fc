"""The claim ledger: every behaviour sentence of a page names what proves it.

A page's sentence ends with a mark right after its final punctuation:
`[[retain-grad-keeps-grad]]` (an assert proves it) or `[[<id> cite=<URL>]]` (nothing can
run here: a GPU, several machines, a date). An example the page includes proves the first
with a comment line directly above the assert: `# claim: retain-grad-keeps-grad`
(project.CLAIM_COMMENT; several ids, or several asserts for one id, are allowed).
`[[claims-summary]]` is replaced by the page's counts (the home page's: the site's), and
`[[claims-table]]` by the table of every claim (the claims page, docs/claims/).

What a build does with it (gradsite/hooks.py calls each once):

* `Ledger.read`: every page of the build in both languages, the examples each includes,
  their `# claim:` lines (with `ast`, the whole assert below each) and the drift cases that
  name a claim (tests/drift_cases/*.py, read as data: the third item of a DRIFT value);
  `Ledger.errors` says, naming page, language and claim, what the strict build stops on;
* `marks`: the page's Markdown with each mark as a small link to the claim's row on the
  claims page, and the placeholders filled in;
* `data`: the page's HTML with the proofs of its marks as JSON, read by
  docs/assets/claims.js (hover, focus or tap shows them; search skips the JSON).

`python -m gradsite.claims unmarked docs/<chapter>/index.en.md` prints the sentences that
look like behaviour statements but carry no mark (a reviewer's aid; CONTRIBUTING, "Claims").
"""

from __future__ import annotations

import ast
import html
import json
import posixpath
import re
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from gradsite import compat, matrix
from gradsite.project import CLAIM_COMMENT, LANGUAGES, included, split_source
from gradsite.words import WORDS as ALL_WORDS

WORDS = {lang: table["claims"] for lang, table in ALL_WORDS.items()}

ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+){1,7}")  # 2 to 8 lowercase ascii words
MARK = re.compile(r"\[\[(?P<body>[^\[\]\n]*)\]\]")
_BODY = re.compile(r"(?P<id>\S+)(?:[ \t]+cite=(?P<cite>\S+))?")
SUMMARY, TABLE = "claims-summary", "claims-table"  # placeholders, not claims
CLAIMS_PAGE = "claims/index"
# A comment that means to name a claim, written well or not (CLAIM_COMMENT is the right form).
_LOOSE_COMMENT = re.compile(r"^[ \t]*#[ \t]*claims?[ \t]*:", re.I | re.M)
# What is not prose: fenced blocks (also indented, in a fold) and inline code.
_FENCED = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", re.M | re.S)
_INLINE_CODE = re.compile(r"(`+).+?\1", re.S)
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
# A page's YAML front matter (its comments start with "#", like a title).
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?^---[ \t]*$", re.M | re.S)
# Where a sentence starts: after another sentence, a paragraph, list item, heading or cell.
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)(?<!\bcf)[.!?](?=\s)|[。！？]")
_BLOCK_START = re.compile(
    r"\n[ \t]*\n|^[ \t]*(?:[-*+]|\d+\.|#{1,6}|:|>)[ \t]|\||^[ \t]*(?:!!!|\?\?\?\+?)[^\n]*\n", re.M
)
_LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\([^)]*\)")
_ATTRS = re.compile(r"\{[:#.][^}]*\}")


@dataclass
class Proof:
    """One assert that proves a claim: where it is, and its lines as written."""

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


def claim_comment_ids(text: str) -> set[str]:
    """The claim ids named by the `# claim:` lines of an example's source."""
    return {i for m in CLAIM_COMMENT.finditer(text) for i in m["ids"].split()}


def _keep_lines(match: re.Match) -> str:
    return re.sub(r"[^\n]", " ", match[0])


def blank_code(text: str) -> str:
    """`text` with code fences, inline code and HTML comments blanked out, same length and
    lines: positions found in the result are positions in `text`."""
    text = _FRONT_MATTER.sub(_keep_lines, text)
    text = _FENCED.sub(_keep_lines, _HTML_COMMENT.sub(_keep_lines, text))
    return _INLINE_CODE.sub(_keep_lines, text)


def _sentence(text: str, blank: str, start: int, end: int) -> str:
    """The sentence that ends where a mark starts (`end`), as Markdown without marks or links."""
    begin = max(
        [m.end() for m in _SENTENCE_END.finditer(blank, start, max(start, end - 1))]
        + [m.end() for m in _BLOCK_START.finditer(blank, start, end)]
        + [start]
    )
    sentence = MARK.sub("", text[begin:end])
    sentence = _ATTRS.sub("", _LINK.sub(lambda m: m["text"], sentence))
    return " ".join(sentence.split())


@dataclass
class Mark:
    body: str
    start: int
    end: int
    line: int
    sentence: str


def marks_in(text: str) -> list[Mark]:
    """Every [[...]] mark of a page outside code, in page order, with its sentence."""
    blank = blank_code(text)
    found: list[Mark] = []
    previous_end = 0
    for match in MARK.finditer(blank):
        line = text.count("\n", 0, match.start()) + 1
        if found and not blank[previous_end : match.start()].strip():
            sentence = found[-1].sentence  # a second mark on the same sentence
        else:
            sentence = _sentence(text, blank, previous_end, match.start())
        found.append(Mark(text[match.start() + 2 : match.end() - 2], *match.span(), line, sentence))
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
            inner = getattr(node, name, None)
            if isinstance(inner, list):
                yield from _statements(inner)


def claims_at(snippet: str, line: int, root: Path) -> set[str]:
    """The claims whose assert covers `line` of the example (a drift case's failure)."""
    return {
        claim
        for claim, proofs in proofs_in(snippet, root)[0].items()
        for proof in proofs
        if proof.line <= line <= proof.end
    }


def _module_dicts(root: Path, name: str):
    """The key/value nodes of every top-level `name = {...}` in tests/drift_cases/*.py."""
    for module in sorted((root / "tests" / "drift_cases").glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in tree.body:
            if (
                isinstance(node, ast.Assign | ast.AnnAssign)
                and isinstance(node.value, ast.Dict)
                and any(getattr(t, "id", None) == name for t in _targets(node))
            ):
                yield from zip(node.value.keys, node.value.values)


def drift_cases(root: Path) -> dict[str, list[str]]:
    """{claim id: names of the drift cases that must fail at its assert}, from the DRIFT
    dicts of tests/drift_cases/*.py: a value (patch, snippet, "<claim id>") names one."""
    found: dict[str, list[str]] = {}
    for key, value in _module_dicts(root, "DRIFT"):
        if (
            isinstance(key, ast.Constant)
            and isinstance(value, ast.Tuple)
            and len(value.elts) in (3, 4)  # a fourth item: IN_RECIPE (tests/drift_cases)
            and isinstance(value.elts[2], ast.Constant)
        ):
            found.setdefault(value.elts[2].value, []).append(key.value)
    return found


def no_drift_reasons(root: Path) -> dict[str, str]:
    """{claim id: why no drift case can break it alone}, from the NO_DRIFT dicts of
    tests/drift_cases/*.py (string literals, implicit concatenation allowed)."""
    return {
        key.value: value.value
        for key, value in _module_dicts(root, "NO_DRIFT")
        if isinstance(key, ast.Constant) and isinstance(value, ast.Constant)
    }


def _targets(node) -> list:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


@dataclass
class Ledger:
    """Every claim of a build, per language, in page order; and what is wrong with them."""

    claims: dict[str, list[Claim]] = field(default_factory=dict)
    pages: dict[str, str] = field(default_factory=dict)  # page stem -> its title (default language)
    titles: dict[tuple[str, str], str] = field(default_factory=dict)  # (stem, lang) -> title
    errors: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, docs: Path, root: Path, pages: list[str]) -> Ledger:
        """The ledger of `pages` (docs/-relative sources, both languages, in nav order)."""
        ledger = cls(claims={lang: [] for lang in LANGUAGES})
        drift = drift_cases(root)
        reasons = no_drift_reasons(root)
        proofs: dict[str, dict[str, list[Proof]]] = {}
        named: dict[tuple[str, str], set[str]] = {}  # (snippet, lang) -> ids its pages name
        by_stem: dict[str, dict[str, list[Claim]]] = {}
        includes: dict[str, list[str]] = {}  # page -> the examples it includes
        for page in pages:
            found = split_source(page)
            if not found or found[0] == CLAIMS_PAGE:
                continue
            stem, lang = found
            text = (docs / page).read_text(encoding="utf-8")
            title = re.search(r"^# (.+)$", blank_code(text), re.M)
            title = title and text[title.start(1) : title.end(1)]
            ledger.titles[stem, lang] = title.strip() if title else stem
            snippets = [s for s in included(text) if (root / s).is_file()]
            includes[page] = snippets
            for snippet in snippets:
                if snippet not in proofs:
                    proofs[snippet], errors = proofs_in(snippet, root)
                    ledger.errors += errors
            mine = by_stem.setdefault(stem, {}).setdefault(lang, [])
            for mark in marks_in(text):
                if mark.body in (SUMMARY, TABLE):
                    continue
                body = _BODY.fullmatch(mark.body)
                cite = body and body["cite"]
                if (
                    not body
                    or not ID.fullmatch(body["id"])
                    or (cite is not None and not re.fullmatch(r"https?://\S+", cite))
                ):
                    ledger.errors.append(
                        f"docs/{page}:{mark.line}: language {lang}: malformed claim mark "
                        f"[[{mark.body}]]: write [[<id>]] or [[<id> cite=<URL>]], the id 2 to 8 "
                        "lowercase ascii words joined by hyphens (retain-grad-keeps-grad)"
                    )
                    continue
                claim = Claim(body["id"], page, lang, mark.line, mark.sentence, cite)
                claim.proofs = [p for s in snippets for p in proofs[s].get(claim.id, [])]
                claim.drift = drift.get(claim.id, []) if claim.proofs else []
                if claim.proofs and not claim.drift:
                    claim.no_drift = reasons.get(claim.id, "")
                mine.append(claim)
                if not claim.proofs and not cite:
                    ledger.errors.append(
                        f"docs/{page}:{mark.line}: language {lang}: claim {claim.id} names no assert "
                        f"of an example on this page: put '# claim: {claim.id}' right above the "
                        f"assert that proves it in one of {', '.join(snippets) or '(no example)'}, "
                        f"or cite its source: [[{claim.id} cite=<URL>]]"
                    )
            for snippet in snippets:
                named.setdefault((snippet, lang), set()).update(c.id for c in mine)
        for stem, langs in by_stem.items():
            for lang in LANGUAGES:
                ledger.claims[lang] += langs.get(lang, [])
            ledger.pages[stem] = ledger.titles.get((stem, LANGUAGES[0]), stem)
            ledger.errors += _twins_differ(stem, langs)
        for lang, claims in ledger.claims.items():
            seen: dict[str, Claim] = {}
            for claim in claims:
                if claim.id in seen:
                    first = seen[claim.id]
                    ledger.errors.append(
                        f"docs/{claim.page}:{claim.line}: language {lang}: claim {claim.id} is "
                        f"used twice (first at docs/{first.page}:{first.line}): give each "
                        "sentence its own id"
                    )
                seen.setdefault(claim.id, claim)
        # Every example's claims, not only those of the pages built: a build of one chapter
        # (tests, `make example`) must not call the others' reasons stale.
        asserted = {
            claim_id
            for path in sorted((root / "snippets").rglob("*.py"))
            for claim_id in claim_comment_ids(path.read_text(encoding="utf-8"))
        }
        for claim_id in sorted(reasons):
            if claim_id not in asserted:
                ledger.errors.append(
                    f"tests/drift_cases: NO_DRIFT names {claim_id}, a claim no example asserts: "
                    "remove its entry"
                )
            elif drift.get(claim_id):
                ledger.errors.append(
                    f"tests/drift_cases: NO_DRIFT says {claim_id} cannot drift alone, but "
                    f"{', '.join(repr(n) for n in drift[claim_id])} breaks it: remove its entry"
                )
        for snippet, ids in sorted(proofs.items()):
            for claim in sorted(ids):
                missing = [
                    lang
                    for lang in LANGUAGES
                    if (snippet, lang) in named and claim not in named[snippet, lang]
                ]
                if missing:
                    where = ", ".join(
                        f"docs/{p}"
                        for p, found in includes.items()
                        if snippet in found and split_source(p)[1] in missing
                    )
                    ledger.errors.append(
                        f"{snippet}:{ids[claim][0].line}: '# claim: {claim}' names a claim that "
                        f"no page including {snippet} makes in language {', '.join(missing)} "
                        f"({where}): add [[{claim}]] after the sentence it proves, or remove the comment"
                    )
        return ledger

    def counts(self, lang: str, page: str | None = None) -> Counts:
        counts = Counts()
        for claim in self.claims.get(lang, []):
            if page is None or claim.page == page:
                counts.add(claim)
        return counts

    def on_page(self, page: str) -> dict[str, Claim]:
        found = split_source(page)
        lang = found[1] if found else LANGUAGES[0]
        return {c.id: c for c in self.claims.get(lang, []) if c.page == page}


def _twins_differ(stem: str, langs: dict[str, list[Claim]]) -> list[str]:
    """Both languages of a page make the same claims, in the same order, citing the same URL."""
    (a, first), (b, second) = [(lang, langs.get(lang, [])) for lang in LANGUAGES]
    ids_a, ids_b = [c.id for c in first], [c.id for c in second]
    pages = f"docs/{stem}.{a}.md and docs/{stem}.{b}.md"
    if ids_a != ids_b:
        only = {a: [i for i in ids_a if i not in ids_b], b: [i for i in ids_b if i not in ids_a]}
        detail = "; ".join(f"only in {lang}: {', '.join(i)}" for lang, i in only.items() if i)
        if not detail:
            at = next(n for n, (x, y) in enumerate(zip(ids_a, ids_b)) if x != y)
            detail = f"same ones, another order: claim {at + 1} is {ids_a[at]} in {a}, {ids_b[at]} in {b}"
        return [
            f"{pages} differ in their claims: {detail}. Mark the same sentences with the "
            "same ids, in the same order, in both languages."
        ]
    return [
        f"{pages}: claim {x.id} cites {x.cite} in {a} but {y.cite} in {b}: cite the same URL"
        for x, y in zip(first, second)
        if x.cite != y.cite
    ]


# --- what readers see ---------------------------------------------------------------------


def releases(claim: Claim, lang: str, current: dict, short: bool = False) -> str:
    """Where the examples that prove a claim pass unchanged, from data/matrix.json's current
    rows: a sentence, or (`short`, for the claims page's table) the releases alone."""
    words = {
        k: WORDS[lang][f"{k}_short" if short else k]
        for k in ("releases", "releases_pinned", "releases_none")
    }
    snippets = list(dict.fromkeys(p.snippet for p in claim.proofs))
    tested: list[set[str]] = []
    passing: list[set[str]] = []
    for snippet in snippets:
        results = {r: e for r, e in current.get(snippet, {}).items() if r != matrix.NIGHTLY}
        tested.append(set(results))
        passing.append({r for r, e in results.items() if e["status"] != "failed"})
    if not snippets or not all(tested):
        return words["releases_none"]
    ran = sorted(set.intersection(*tested), key=matrix.version_key)
    good = set.intersection(*passing)
    if set(ran) <= {matrix.PINNED}:
        return words["releases_pinned"].format(pinned=compat.minor(matrix.PINNED))
    return words["releases"].format(releases=compat.span(sorted(good), ran, lang) or "—")


def _link(href: str, text: str, **attrs: str) -> str:
    extra = "".join(
        f' {k.rstrip("_").replace("_", "-")}="{html.escape(v)}"' for k, v in attrs.items()
    )
    return f'<a href="{html.escape(href)}"{extra}>{text}</a>'


def marks(markdown: str, page: str, ledger: Ledger, claims_url: str | None, table: str = "") -> str:
    """The page's Markdown with its marks as links to the claims page and the placeholders
    filled in (`claims_url`: the claims page relative to this page, None if it is not built;
    `table`: what [[claims-table]] becomes, on the claims page)."""
    lang = split_source(page)[1] if split_source(page) else LANGUAGES[0]
    mine = ledger.on_page(page)
    blank = blank_code(markdown)
    out, position = [], 0
    for match in MARK.finditer(blank):
        body = markdown[match.start() + 2 : match.end() - 2]
        if body == SUMMARY:
            replacement = summary(ledger, page, lang, claims_url)
        elif body == TABLE:
            replacement = table
        else:
            found = _BODY.fullmatch(body)
            claim = mine.get(found["id"]) if found else None
            if claim is None:  # malformed or unknown: the build has said so, keep it visible
                replacement = markdown[match.start() : match.end()]
            else:  # where the sentence is; group() gives its paragraph one mark
                replacement = (
                    f'<span class="gs-claim__at" id="claim-{claim.id}" '
                    f'data-href="{html.escape(claims_url or "")}#{claim.id}"></span>'
                )
        out += [markdown[position : match.start()], replacement]
        position = match.end()
    return "".join(out) + markdown[position:]


def summary(ledger: Ledger, page: str, lang: str, claims_url: str | None) -> str:
    """The sentence that replaces [[claims-summary]]: this page's counts (home: the site's)."""
    words = WORDS[lang]
    whole = split_source(page)[0] in ("index", CLAIMS_PAGE)
    counts = ledger.counts(lang, None if whole else page)
    if not counts.claims:
        text = words["summary_none_site" if whole else "summary_none"]
    else:
        text = words["summary_site" if whole else "summary_page"].format(**counts.fields())
    if claims_url is not None and split_source(page)[0] != CLAIMS_PAGE:
        # A link to the Markdown source: MkDocs checks it and gives it the page's language.
        source = posixpath.relpath(f"{CLAIMS_PAGE}.md", posixpath.dirname(page) or ".")
        text += " " + words["summary_link"].format(url=source)
    return text


def in_nav_order(pages: list[str], nav) -> list[str]:
    """Page sources (both languages) in the order of mkdocs.yml's nav, the others after."""
    order: list[str] = []

    def walk(item) -> None:
        if isinstance(item, str):
            order.append(item.removesuffix(".md"))
        elif isinstance(item, dict):
            for value in item.values():
                walk(value)
        elif isinstance(item, list):
            for value in item:
                walk(value)

    walk(nav or [])

    def key(page: str):
        found = split_source(page)
        stem = found[0] if found else page
        rank = order.index(stem) if stem in order else len(order)
        return rank, stem, LANGUAGES.index(found[1]) if found else 0

    return sorted(pages, key=key)


def table(ledger: Ledger, lang: str, page_url, current: dict) -> str:
    """The claims page's body: per page, a heading (Markdown: it is in the table of
    contents) and an HTML table, one row per claim. `page_url(page, anchor)` gives the link
    to a claim's sentence on its page (None if the page is not built)."""
    words = WORDS[lang]
    parts = []
    by_page: dict[str, list[Claim]] = {}
    for claim in ledger.claims.get(lang, []):
        by_page.setdefault(claim.page, []).append(claim)
    head = "".join(f"<th>{words[k]}</th>" for k in ("sentence", "proof", "drift", "runs"))
    for page, claims in by_page.items():
        stem = split_source(page)[0]
        counts = ledger.counts(lang, page)
        slug = stem.split("/")[0] if stem != "index" else "home"
        parts.append(
            f"## {ledger.titles.get((stem, lang), stem)} {{#{slug}}}\n\n"
            f'<p class="gs-claims__counts">{words["page_counts"].format(**counts.fields())}</p>'
        )
        rows = []
        for claim in claims:
            sentence = _inline(claim.sentence)
            href = page_url(page, f"claim-{claim.id}")
            if href:
                sentence = _link(href, sentence)
            if claim.proofs:
                proof = "".join(
                    f'<code class="gs-claims__where">{html.escape(p.snippet)}:{p.line}</code>'
                    f'<pre class="gs-claims__code"><code>{code_lines(p.code)}</code></pre>'
                    for p in claim.proofs
                )
                drift = (
                    "<br>".join(html.escape(name) for name in claim.drift)
                    if claim.drift
                    else f'<span class="gs-claims__none">{words["no_drift"]}</span>'
                    + (
                        f"{words['no_drift_why']}{html.escape(claim.no_drift)}"
                        if claim.no_drift
                        else ""
                    )
                )
                runs = html.escape(releases(claim, lang, current, short=True))
            else:
                proof = f"{words['cited']} " + _link(
                    claim.cite or "", html.escape(claim.cite or "")
                )
                drift, runs = "—", "—"
            flag = "" if claim.drift or not claim.proofs else ' class="gs-claims__no-drift"'
            rows.append(
                f'<tr id="{claim.id}"{flag}><td><code class="gs-claims__id">{claim.id}</code>'
                f"<br>{sentence}</td><td>{proof}</td><td>{drift}</td><td>{runs}</td></tr>"
            )
        parts.append(
            f'<div class="gs-claims__wrap"><table class="gs-claims"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>"
        )
    return "\n\n".join(parts)


def code_lines(code: str) -> str:
    """Code as HTML, each line a span that wraps under its own indentation (site.css)."""
    out = []
    for line in code.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        style = f' style="--gs-indent:{indent}"' if indent else ""
        out.append(f'<span class="gs-line"{style}>{html.escape(line)}\n</span>')
    return "".join(out)


def _inline(text: str) -> str:
    """A sentence's Markdown as inline HTML: code spans, bold and italics (what sentences use;
    a Markdown renderer per sentence would cost a build a quarter of a second)."""
    out, position = [], 0
    for match in _INLINE_CODE.finditer(text):
        out.append(_emphasis(text[position : match.start()]))
        code = match[0][len(match[1]) : -len(match[1])].strip()
        out.append(f"<code>{html.escape(code)}</code>")
        position = match.end()
    out.append(_emphasis(text[position:]))
    return "".join(out)


def _emphasis(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"(?<!\*)\*(?![\s*])(.+?)(?<![\s*])\*(?!\*)", r"<em>\1</em>", text)


# Where a sentence's claim is (marks() writes it): its id is the anchor the claims page links to.
_AT = re.compile(
    r'<span class="gs-claim__at" id="claim-(?P<id>[a-z0-9-]+)" data-href="(?P<href>[^"]*)"></span>'
)
# Where the paragraph, list item, table cell... that holds a claim ends: its closing tag, or
# the start of a block inside it (the nested list or code block of a list item). Whitespace
# before it is left after the mark.
_BLOCK_END = re.compile(
    r"\s*(?:</(?:p|li|td|th|dd|dt|h[1-6]|blockquote|summary|figcaption)>"
    r"|<(?:p|ul|ol|dl|div|pre|table|blockquote|details|figure|h[1-6])\b)"
)


def group(content: str, page: str, ledger: Ledger) -> str:
    """The page's HTML with one mark per paragraph (list item, table cell, ...) that makes
    claims, at its end: a link to its first claim's row on the claims page, naming all of
    them (`data-claims`) for docs/assets/claims.js. Each sentence keeps its anchor
    (`#claim-<id>`), without a mark of its own."""
    mine = ledger.on_page(page)
    found = [m for m in _AT.finditer(content) if m["id"] in mine]
    if not found:
        return content
    words = WORDS[split_source(page)[1]]
    groups: list[tuple[int, list[re.Match]]] = []
    for match in found:
        end = _BLOCK_END.search(content, match.end())
        where = end.start() if end else len(content)
        if groups and groups[-1][0] == where:
            groups[-1][1].append(match)
        else:
            groups.append((where, [match]))
    out, position = [], 0
    for where, members in groups:
        ids = [m["id"] for m in members]
        asserted = any(mine[i].asserted for i in ids)
        kind = "asserted" if asserted else "cited"
        label = words[f"mark_{kind}"] if len(ids) == 1 else words["mark_many"].format(n=len(ids))
        for match in members:
            out += [
                content[position : match.start()],
                f'<span class="gs-claim__at" id="claim-{match["id"]}"></span>',
            ]
            position = match.end()
        out += [
            content[position:where],
            _link(
                members[0]["href"],
                "",
                class_=f"gs-claim__mark gs-claim__mark--{kind}",
                data_claim=ids[0],
                data_claims=" ".join(ids),
                aria_label=label,
            ),
        ]
        position = where
    return _GLUE.sub(r'<span class="gs-claim__end">\g<0></span>', "".join(out) + content[position:])


# A mark and the word (or, in Chinese, the few characters) before it stay on one line: the
# mark never starts a line alone. Text only, no tag or entity is cut.
_GLUE = re.compile(
    r'[^\s<>&;]{1,12}(?:<span class="gs-claim__at" id="[a-z0-9-]+"></span>)*'
    r'<a href="[^"]*" class="gs-claim__mark [^>]*></a>'
)


def data(content: str, page: str, ledger: Ledger, current: dict) -> str:
    """The page's HTML with one mark per paragraph (group) and what each shows: its claims,
    their sentences and proofs, as JSON for docs/assets/claims.js."""
    mine = ledger.on_page(page)
    content = group(content, page, ledger)
    if not mine or 'class="gs-claim__mark' not in content:
        return content
    lang = split_source(page)[1]
    words = WORDS[lang]
    found = {
        "words": {
            k: words[k] for k in ("tip_asserted", "tip_cited", "tip_more", "tip_many", "close")
        },
        "claims": {
            claim.id: {
                "proofs": [
                    {"file": p.snippet, "line": p.line, "code": p.code} for p in claim.proofs
                ],
                "cite": claim.cite,
                "runs": releases(claim, lang, current) if claim.proofs else None,
                "sentence": _inline(claim.sentence),
            }
            for claim in mine.values()
        },
    }
    text = json.dumps(found, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'{content}\n<script type="application/json" id="gs-claims-data">{text}</script>\n'


def strip(markdown: str) -> str:
    """A page's Markdown without its marks and placeholders (notebooks)."""
    blank = blank_code(markdown)
    out, position = [], 0
    for match in MARK.finditer(blank):
        out.append(markdown[position : match.start()])
        position = match.end()
    return "".join(out) + markdown[position:]


# --- the reviewer's aid -------------------------------------------------------------------

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
    prose = _FENCED.sub(
        _keep_lines, _HTML_COMMENT.sub(_keep_lines, _FRONT_MATTER.sub(_keep_lines, text))
    )  # inline code kept
    ends = sorted(
        [(m.end(), False) for m in _SENTENCE_END.finditer(blank)]
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
        if is_mark or marked:
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
        lang = split_source(Path(path).name)
        language = lang[1] if lang else LANGUAGES[0]
        for line, sentence in unmarked(Path(path).read_text(encoding="utf-8"), language):
            print(f"{path}:{line}: {sentence}")
            total += 1
    print(f"{total} sentence(s) look like behaviour statements without a claim mark")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
