"""What data/matrix.json says on the pages (gradsite/matrix/__init__.py is the data), in the
page's language:

* under each example a chapter page includes (top level or in a fold), a `<div
  class="mx-versions">` naming it (`spot`, then `add_data`), holding the one-line compatibility
  `note` only where some tested release fails, warns or prints something else; an example
  without a current matrix row gets none, said at info level (`make test` fails on it);
* at the end of such a page, a `<script type="application/json" id="mx-data">` with each
  release's result of its examples and the outputs that differ from the pinned release's
  (`page_data`), for docs/assets/releases.js's "My PyTorch" choice. Without JavaScript (and for
  search, which skips scripts) the page holds the pinned outputs alone;
* on the version notes page (docs/versions/ prints both), `table(lang)`, examples by release, and
  `changes(lang)`, the examples whose result changes from one release to the next."""

from __future__ import annotations

import html
import logging
import re
from pathlib import Path

from gradsite.matrix import NIGHTLY, PINNED, ROOT, load, rows, version_key
from gradsite.pages import SEARCH_EXCLUDE, json_script
from gradsite.project import CLAIM_COMMENT, HEADING_ID, INCLUDE, language_of
from gradsite.words import WORDS as ALL_WORDS

log = logging.getLogger("mkdocs.hooks.gradsite")

WORDS = {lang: table["compat"] for lang, table in ALL_WORDS.items()}
# The release choice's words (add_data puts them in the page's data for docs/assets/releases.js).
UI = {lang: table["releases"] for lang, table in ALL_WORDS.items()}


def minor(release: str) -> str:
    return release if release == NIGHTLY else ".".join(release.split(".")[:2])


def reason(example: str, entry: dict, lang: str, root: Path = ROOT) -> str:
    """The error, and the example's line that raised it, quoted (from the source that ran):
    never its number, which the page's code block does not show."""
    why, code = entry["error"] or "", _code(example, entry, root)
    if not code:
        return why
    where = WORDS[lang]["at"].format(code=code)
    return f"{why}（{where}）" if lang == "zh" else f"{why} ({where})"  # full-width in Chinese


def note(
    example: str,
    lang: str,
    data: dict | None = None,
    root: Path = ROOT,
    current: dict | None = None,
    pinned: str | None = None,
) -> str | None:
    """One line on how the example fares across releases; None if the matrix has no current row.
    `current`: `rows(data, root)`, if the caller has it (a build reads each example once).
    `pinned`: the release the site is built with (PINNED; a test names another)."""
    pinned = pinned or PINNED
    results = (rows(data, root) if current is None else current).get(example) or {}
    releases = [r for r in results if r != NIGHTLY]
    if not releases:
        return None
    words = WORDS[lang]
    ok = [results[r]["status"] != "failed" for r in releases]
    bad = [r for r, good in zip(releases, ok) if not good]
    why = reason(example, results[bad[-1]], lang, root) if bad else ""
    other = span(other_output(results, pinned), releases, lang)
    if releases == [pinned] and all(ok):  # no other release has run it yet
        text = words["pinned"].format(pinned=minor(pinned))
    elif not any(ok):
        text = words["never"].format(why=why)
    elif all(ok):
        key = "all_other" if other else "all"
        text = words[key].format(first=minor(releases[0]), last=minor(releases[-1]), other=other)
        other = ""  # said already
    elif ok == sorted(ok):  # failing, then passing from one release on
        text = words["from"].format(
            since=minor(releases[ok.index(True)]), last_bad=minor(bad[-1]), why=why
        )
    elif ok == sorted(ok, reverse=True):
        text = words["until"].format(
            last_ok=minor(releases[ok.index(False) - 1]), first_bad=minor(bad[0]), why=why
        )
    else:
        text = words["some"].format(bad=span(bad, releases, lang), why=why)
    warned = [r for r in releases if results[r]["status"] == "warned"]
    if warned:
        text += words["warn"].format(warned=span(warned, releases, lang))
    if other:
        text += words["other"].format(other=other)
    return text


def span(some: list[str], releases: list[str], lang: str) -> str:
    """Releases in the page's language, three or more in a row as a range: 1.13–2.12、2.14."""
    comma = "、" if lang == "zh" else ", "
    runs: list[list[str]] = []
    for i, release in enumerate(releases):
        if release in some and runs and runs[-1][-1] == releases[i - 1]:
            runs[-1].append(release)
        elif release in some:
            runs.append([release])
    return comma.join(
        f"{minor(r[0])}–{minor(r[-1])}" if len(r) >= 3 else comma.join(map(minor, r)) for r in runs
    )


def other_output(results: dict[str, dict], pinned: str | None = None) -> list[str]:
    """The releases that ran the example and printed other than the pinned release."""
    reference = results.get(pinned or PINNED)
    if reference is None:
        return []
    return [
        r
        for r, entry in results.items()
        if r != NIGHTLY and entry["status"] != "failed" and entry["output"] != reference["output"]
    ]


def differs(example: str, current: dict, pinned: str | None = None) -> bool:
    """Whether some tested release fails, warns or prints something else (only then a note)."""
    results = {r: e for r, e in current.get(example, {}).items() if r != NIGHTLY}
    failing = any(e["status"] != "passed" for e in results.values())
    return failing or bool(other_output(results, pinned))


def page_data(
    examples: list[str],
    lang: str,
    data: dict,
    current: dict,
    outputs: dict[str, str],
    root: Path = ROOT,
    pinned_release: str | None = None,
) -> dict:
    """What docs/assets/releases.js needs to show each release's output of the page's examples:
    per example, one entry per release (`releases` order): 0 where it printed what the pinned
    one did, without a warning (most); None without a current record; else status, output hash
    and, for a failure or warning, the error and the line that raised, quoted (never its number:
    the page shows none, and may not show that part of the example). `texts`: only the outputs
    that differ from the pinned one, which the page shows (as the no-JS page and search do).
    `pinned_release`: PINNED unless a test names another."""
    pinned_release = pinned_release or PINNED
    releases = sorted((r for r in data["releases"] if r != NIGHTLY), key=version_key)
    texts, entries = {}, {}
    for example in dict.fromkeys(examples):
        results = current.get(example, {})
        pinned = results.get(pinned_release)
        row = []
        for release in releases:
            entry = results.get(release)
            if entry is None:
                row.append(None)
            elif pinned and entry["status"] == "passed" and entry["output"] == pinned["output"]:
                row.append(0)
            else:
                output = entry["output"]
                item = {"status": entry["status"], "output": output}
                if entry["status"] != "passed":
                    item.update(error=entry["error"], code=_code(example, entry, root))
                if output in outputs and (not pinned or output != pinned["output"]):
                    texts[output] = outputs[output]
                row.append(item)
        entries[example] = {"pinned": pinned["output"] if pinned else None, "releases": row}
    return {
        "pinned": pinned_release,
        "releases": releases,
        "examples": entries,
        "texts": dict(sorted(texts.items())),
        "words": UI[lang],
    }


def _code(example: str, entry: dict, root: Path) -> str | None:
    """The example's line that raised, without its comment. A record counts while the code
    without `# claim:` lines is the one that ran (matrix.source_hash), so its number may count
    lines without them: if the line there cannot have raised the error (an AssertionError from
    no assert or raise), the line at that number without the claim lines is it."""
    number = entry.get("line")
    if not number:
        return None
    lines = (root / example).read_text(encoding="utf-8").splitlines()
    bare = [line for line in lines if not CLAIM_COMMENT.match(line)]
    found = [s[number - 1].split("#")[0].strip() for s in (lines, bare) if number <= len(s)]
    found = [text for text in found if text]
    if (entry.get("error") or "").startswith("AssertionError"):
        found = [t for t in found if t.startswith(("assert", "raise"))] or found
    return found[0] if found else None


def sections(root: Path = ROOT, lang: str = "zh") -> dict[str, str]:
    """example -> URL of the section that shows it (page and heading anchor), from docs/."""
    found: dict[str, str] = {}
    for page in sorted((root / "docs").rglob(f"*.{lang}.md")):
        url = page.relative_to(root / "docs").as_posix().replace(f"index.{lang}.md", "")
        anchor = ""
        for line in page.read_text(encoding="utf-8").splitlines():
            heading = HEADING_ID.match(line)
            if heading:
                anchor = heading["id"]
            include = INCLUDE.match(line)
            if include and include["path"] not in found and "versions/" not in url:
                found[include["path"]] = f"{url}#{anchor}" if anchor else url
    return found


def _cell(example: str, entry: dict | None, previous: dict | None, lang: str, root: Path) -> str:
    words = WORDS[lang]
    if entry is None:
        return '<td class="mx-none">·</td>'
    ran = previous is not None and "failed" not in (previous["status"], entry["status"])
    changed = ran and previous["output"] != entry["output"]
    if entry["status"] == "failed":
        why = reason(example, entry, lang, root)
        title, symbol, css = f"{words['fail']}: {why}", "✗", "mx-fail"
    elif entry["status"] == "warned":
        title, symbol, css = f"{words['warned']}: {entry['error']}", "!", "mx-warn"
    else:
        title, symbol, css = words["pass"], "✓", "mx-pass"
    if changed:
        title += f"; {words['changed']}"
    return f'<td class="{css}" title="{html.escape(title)}">{symbol}{"◆" if changed else ""}</td>'


def table(lang: str, data: dict | None = None, root: Path = ROOT, base: str = "../") -> str:
    """The matrix as HTML: examples grouped by chapter, by release; then every failure listed."""
    data = load() if data is None else data
    words = WORDS[lang]
    results = rows(data, root)
    releases = sorted(data["releases"], key=version_key)
    links = sections(root, lang)
    head = "".join(
        f'<th scope="col" title="torch {html.escape(r)}">{html.escape(minor(r))}</th>'
        for r in releases
    )
    body, chapter, failures = [], None, []
    for example in sorted(results):
        group = example.split("/")[1]
        if group != chapter:
            chapter = group
            body.append(
                f'<tr class="mx-chapter"><th colspan="{len(releases) + 1}">{html.escape(group)}</th></tr>'
            )
        name = Path(example).stem.replace("_", "_<wbr>")  # long names wrap at a word on a phone
        link = links.get(example)
        label = f'<a href="{base}{link}">{name}</a>' if link else name
        cells, previous = [], None
        for release in releases:
            entry = results[example].get(release)
            cells.append(_cell(example, entry, previous, lang, root))
            previous = entry or previous
        body.append(f'<tr><th scope="row">{label}</th>{"".join(cells)}</tr>')
        bad = [r for r in releases if results[example].get(r, {}).get("status") == "failed"]
        if bad:
            why = reason(example, results[example][bad[-1]], lang, root)
            failures.append(
                f"<li><code>{html.escape(example)}</code>: {', '.join(minor(r) for r in bad)} "
                f"— {html.escape(why)}</li>"
            )
    listing = f"<ul>{''.join(failures)}</ul>" if failures else f"<p>{words['none']}</p>"
    provenances = [data["releases"][r]["provenance"] for r in releases]
    runs = "; ".join(
        f"{html.escape(p.get('torch', r))} ({p.get('date', '?')}, {p.get('commit', '?')})"
        for r, p in zip(releases, provenances)
    )
    first = next((p for p in provenances if p), {})
    where = f"Python {first.get('python', '?')}, {first.get('platform', '?')}"
    return (
        f'<p class="mx-legend">{words["legend"]}</p>'
        f'<div class="mx-wrap" {SEARCH_EXCLUDE}><table class="mx-matrix"><thead><tr>'
        f'<th scope="col">{words["example"]}</th>'
        f"{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
        f'<details class="mx-failures" {SEARCH_EXCLUDE}>'
        f"<summary>{words['failures']} ({len(failures)})</summary>{listing}</details>"
        f'<p class="mx-provenance">{words["provenance"].format(where=where)} {runs}</p>'
    )


def changes(lang: str, data: dict | None = None, root: Path = ROOT) -> str:
    """Markdown table: examples that fail up to a release and pass from the next one on."""
    data = load() if data is None else data
    words = WORDS[lang]
    results = rows(data, root)
    lines = []
    for example, by_release in sorted(results.items()):
        releases = [r for r in sorted(by_release, key=version_key) if r != NIGHTLY]
        ok = [by_release[r]["status"] != "failed" for r in releases]
        if not all(ok) and any(ok) and ok == sorted(ok):
            first = ok.index(True)
            why = reason(example, by_release[releases[first - 1]], lang, root).replace("|", "\\|")
            lines.append(
                f"| `{example}` | {minor(releases[first - 1])} | {minor(releases[first])} | {why} |"
            )
    if not lines:
        return words["no_changes"]
    table = "\n".join([words["change_head"], "| --- | --- | --- | --- |", *lines])
    # Out of the search index as the matrix is; written without a value, the attribute was
    # missing from the built page (md_in_html).
    return f'<div class="mx-changes" {SEARCH_EXCLUDE}="" markdown>\n\n{table}\n\n</div>'


# What `spot` leaves under each example: inline HTML, which Markdown puts in a paragraph of its
# own at the top level and in an indented block (a folded proof), where a raw <div> would not be
# recognised as a block. add_data makes it the marker, with or without the <p>.
SPOT = re.compile(
    r'(?:<p>\s*)?<span class="mx-versions" data-example="(?P<example>snippets/[^"]+\.py)"></span>'
    r"(?:\s*</p>)?"
)
MARKER = re.compile(r'<div class="mx-versions" data-example="(?P<example>snippets/[^"]+\.py)">')


def spot(
    example: str, indent: str, lang: str, data: dict, current: dict, root: Path = ROOT, said=None
) -> str:
    """The spot of an example's versions block, under its fence ("" without a current row).
    `said`: the examples whose missing row the log named in this build (once, not per language)."""
    said = set() if said is None else said
    if note(example, lang, data, root, current=current) is None:
        if example not in said:
            said.add(example)
            log.info(f"{example}: no current row in data/matrix.json, no compatibility note")
        return ""
    return f'\n\n{indent}<span class="mx-versions" data-example="{example}"></span>\n'


def add_data(content: str, page, files, data: dict, current: dict, root: Path = ROOT) -> str:
    """The page's HTML with each marker (and its note, where some release differs), and the
    releases' results of its examples, for docs/assets/releases.js."""
    lang = language_of(page.file.src_uri)

    def marker(match: re.Match) -> str:
        example, body = match["example"], ""
        if differs(example, current):
            text = note(example, lang, data, root, current=current)
            # Inline code (`...`) in the reason, as HTML.
            body = re.sub(
                r"`([^`]+)`", lambda m: f"<code>{m[1]}</code>", html.escape(text, quote=False)
            )
            # Out of the search index: what another release prints is not what a reader asks
            # about, and its words would move the ranking with every matrix run.
            body = f'<p class="mx-note" data-search-exclude>{body}</p>'
        return f'<div class="mx-versions" data-example="{example}">{body}</div>'

    content = SPOT.sub(marker, content)
    examples = [m["example"] for m in MARKER.finditer(content)]
    if not examples:
        return content
    found = page_data(examples, lang, data, current, data.get("outputs", {}), root)
    versions = files.get_file_from_path(f"versions/index.{lang}.md")
    if versions:  # the paragraph that explains the choice
        found["about"] = f"{versions.url_relative_to(page.file)}#my-pytorch"
    return content + json_script("mx-data", found)
