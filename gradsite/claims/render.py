"""What readers see of the claims (gradsite/hooks.py calls each once per page): `marks`, on the
page's Markdown, makes each mark an anchor to the claim's row on the claims page and fills the
placeholders (`[[claims-summary]]`: the page's counts, the home page's the site's;
`[[claims-table]]`: `table`); `data`, on its HTML, leaves one mark per paragraph (`group`) and
the proofs as JSON for docs/assets/claims.js (hover, focus or tap shows them; search skips it)."""

from __future__ import annotations

import html
import posixpath
import re

from gradsite.claims.ledger import BODY, CLAIMS_PAGE, MARK, SUMMARY, TABLE, Claim, Ledger
from gradsite.matrix import NIGHTLY, PINNED, version_key
from gradsite.matrix.notes import minor, span
from gradsite.pages import INLINE_CODE, blank_code, json_script
from gradsite.project import language_of, split_source
from gradsite.words import WORDS as ALL_WORDS

WORDS = {lang: table["claims"] for lang, table in ALL_WORDS.items()}


def releases(claim: Claim, lang: str, current: dict, short: bool = False) -> str:
    """Where the examples proving a claim pass unchanged (data/matrix.json's current rows): a
    sentence, or (`short`, for the claims page's table) the releases alone."""
    words, end = WORDS[lang], "_short" if short else ""
    snippets = dict.fromkeys(p.snippet for p in claim.proofs)
    results = [{r: e for r, e in current.get(s, {}).items() if r != NIGHTLY} for s in snippets]
    if not results or not all(results):
        return words[f"releases_none{end}"]
    ran = sorted(set.intersection(*map(set, results)), key=version_key)  # by every example
    if set(ran) <= {PINNED}:
        return words[f"releases_pinned{end}"].format(pinned=minor(PINNED))
    good = [r for r in ran if all(found[r]["status"] != "failed" for found in results)]
    return words[f"releases{end}"].format(releases=span(good, ran, lang) or "—")


def _link(href: str, text: str, **attrs: str) -> str:
    extra = "".join(
        f' {k.rstrip("_").replace("_", "-")}="{html.escape(v)}"' for k, v in attrs.items()
    )
    return f'<a href="{html.escape(href)}"{extra}>{text}</a>'


def _each_mark(markdown: str, replace) -> str:
    """The page's Markdown with each [[...]] outside code replaced by `replace(body, whole)`."""
    out, position = [], 0
    for match in MARK.finditer(blank_code(markdown)):
        whole = markdown[match.start() : match.end()]
        out += [markdown[position : match.start()], replace(whole[2:-2], whole)]
        position = match.end()
    return "".join(out) + markdown[position:]


def marks(markdown: str, page: str, ledger: Ledger, claims_url: str | None, table: str = "") -> str:
    """The page's Markdown, marks as links to the claims page, placeholders filled in.
    `claims_url`: the claims page relative to this one, None if not built; `table`: what
    [[claims-table]] becomes, on the claims page."""
    lang = language_of(page)
    mine = ledger.on_page(page)

    def replace(body: str, whole: str) -> str:
        if body == SUMMARY:
            return summary(ledger, page, lang, claims_url)
        if body == TABLE:
            return table
        found = BODY.fullmatch(body)
        claim = mine.get(found["id"]) if found else None
        if claim is None:  # malformed or unknown: the build has said so, keep it visible
            return whole
        # where the sentence is; group() gives its paragraph one mark
        return (
            f'<span class="gs-claim__at" id="claim-{claim.id}" '
            f'data-href="{html.escape(claims_url or "")}#{claim.id}"></span>'
        )

    return _each_mark(markdown, replace)


def strip(markdown: str) -> str:
    """A page's Markdown without its marks and placeholders (notebooks)."""
    return _each_mark(markdown, lambda body, whole: "")


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


def table(ledger: Ledger, lang: str, page_url, current: dict) -> str:
    """The claims page's body: per page, a heading (Markdown: it is in the table of contents)
    and an HTML table, a row per claim. `page_url(page, anchor)`: the link to a claim's
    sentence (None if its page is not built)."""
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
            if href := page_url(page, f"claim-{claim.id}"):
                sentence = _link(href, sentence)
            if claim.proofs:
                proof = "".join(
                    f'<code class="gs-claims__where">{html.escape(p.snippet)}:{p.line}</code>'
                    f'<pre class="gs-claims__code"><code>{code_lines(p.code)}</code></pre>'
                    for p in claim.proofs
                )
                drift = "<br>".join(html.escape(name) for name in claim.drift)
                if not claim.drift:
                    why = claim.no_drift and f"{words['no_drift_why']}{html.escape(claim.no_drift)}"
                    drift = f'<span class="gs-claims__none">{words["no_drift"]}</span>{why}'
                runs = html.escape(releases(claim, lang, current, short=True))
            else:
                cite = claim.cite or ""
                proof = f"{words['cited']} {_link(cite, html.escape(cite))}"
                drift = runs = "—"
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
    """A sentence's Markdown as inline HTML: code spans, bold and italics, all sentences use (a
    Markdown renderer per sentence would cost a build a quarter of a second)."""
    out, position = [], 0
    for match in INLINE_CODE.finditer(text):
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
    """The page's HTML with one mark at the end of each paragraph (list item, cell, ...) making
    claims: a link to its first claim's row on the claims page, naming all (`data-claims`) for
    docs/assets/claims.js. Each sentence keeps its anchor (`#claim-<id>`), without a mark."""
    mine = ledger.on_page(page)
    found = [m for m in _AT.finditer(content) if m["id"] in mine]
    if not found:
        return content
    words = WORDS[split_source(page)[1]]
    groups: dict[int, list[re.Match]] = {}  # where a paragraph ends: its marks
    for match in found:
        end = _BLOCK_END.search(content, match.end())
        groups.setdefault(end.start() if end else len(content), []).append(match)
    out, position = [], 0
    for where, members in groups.items():
        ids = [m["id"] for m in members]
        kind = "asserted" if any(mine[i].asserted for i in ids) else "cited"
        label = words[f"mark_{kind}"] if len(ids) == 1 else words["mark_many"].format(n=len(ids))
        for match in members:
            anchor = f'<span class="gs-claim__at" id="claim-{match["id"]}"></span>'
            out += [content[position : match.start()], anchor]
            position = match.end()
        css = f"gs-claim__mark gs-claim__mark--{kind}"
        attrs = dict(class_=css, data_claim=ids[0], data_claims=" ".join(ids), aria_label=label)
        out += [content[position:where], _link(members[0]["href"], "", **attrs)]
        position = where
    return _GLUE.sub(r'<span class="gs-claim__end">\g<0></span>', "".join(out) + content[position:])


# A mark and the word (or, in Chinese, the few characters) before it stay on one line: the
# mark never starts a line alone. Text only, no tag or entity is cut.
_GLUE = re.compile(
    r'[^\s<>&;]{1,12}(?:<span class="gs-claim__at" id="[a-z0-9-]+"></span>)*'
    r'<a href="[^"]*" class="gs-claim__mark [^>]*></a>'
)


def data(content: str, page: str, ledger: Ledger, current: dict) -> str:
    """The page's HTML with one mark per paragraph (group) and its claims' sentences and proofs
    as JSON for docs/assets/claims.js."""
    mine = ledger.on_page(page)
    content = group(content, page, ledger)
    if not mine or 'class="gs-claim__mark' not in content:
        return content
    lang = split_source(page)[1]
    words = WORDS[lang]
    tips = {k: words[k] for k in ("tip_asserted", "tip_cited", "tip_more", "tip_many", "close")}
    claims = {
        claim.id: {
            "proofs": [{"file": p.snippet, "line": p.line, "code": p.code} for p in claim.proofs],
            "cite": claim.cite,
            "runs": releases(claim, lang, current) if claim.proofs else None,
            "sentence": _inline(claim.sentence),
        }
        for claim in mine.values()
    }
    return content + json_script("gs-claims-data", {"words": tips, "claims": claims})
