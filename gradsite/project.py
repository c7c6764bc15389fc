"""The project, described once: what the build, the tests, the benchmark
(benchmarks/bench.py), the matrix and the drift report (.github/scripts/drift_report.py)
must agree on. Nothing else in the repository restates any of it.

* where things are: the project root, the languages (the first is the default),
  the chapters, a page's source and URL, the snippets, the pinned packages;
* the patterns pages are written in: the include line, the executed fence, the
  explicit heading id;
* how a failing example is reported, what its output must never contain, and its limits.

The words readers see are in gradsite/words.toml, one table per language. This module imports
nothing but the standard library: the matrix worker (gradsite/matrix/worker.py) loads it by
path into the Python of any torch release.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent  # the project (pymdownx.snippets base_path ".")
LANGUAGES = ("zh", "en")  # the first is the default, built first, served at the site's root
DEFAULT = LANGUAGES[0]
CHAPTERS = ("retention", "zeroing", "detach", "accumulation")  # same slug in docs/ and snippets/


def url_prefix(language: str) -> str:
    """Where a language's pages live under the site's root: "" for the default, else "en/"."""
    return "" if language == DEFAULT else f"{language}/"


def page_source(chapter: str, language: str) -> str:
    """docs/-relative source of a chapter's page in one language."""
    return f"{chapter}/index.{language}.md"


_SUFFIX = re.compile(r"^(?P<stem>.+)\.(?P<lang>[a-z]{2})\.md$")


def split_source(src_uri: str) -> tuple[str, str] | None:
    """("retention/index", "en") for "retention/index.en.md"; None without a language suffix."""
    match = _SUFFIX.match(src_uri)
    return (match["stem"], match["lang"]) if match and match["lang"] in LANGUAGES else None


def language_of(src_uri: str) -> str:
    """The language of a page source, from its suffix (the default if it has none)."""
    found = split_source(src_uri)
    return found[1] if found else DEFAULT


def chapter_of(src_uri: str) -> str | None:
    """The chapter whose page `src_uri` is, or None for any other page."""
    chapter = src_uri.split("/")[0]
    return chapter if chapter in CHAPTERS and src_uri.startswith(f"{chapter}/index.") else None


def snippets(root: Path = ROOT) -> list[str]:
    """Every example, as its project-relative path: "snippets/<chapter>/<name>.py"."""
    return sorted(p.relative_to(root).as_posix() for p in (root / "snippets").rglob("*.py"))


# A page includes an example with one line: --8<-- "snippets/<chapter>/<file>.py"
# A claim's proof in an example: `# claim: <id> [<id> ...]` on its own line, right above
# the assert that proves it (docs/<chapter>/ pages name the claim as [[<id>]]).
CLAIM_COMMENT = re.compile(r"^[ \t]*# claim: (?P<ids>[a-z0-9 -]+?)[ \t]*$", re.M)

# An example is a recipe, then its checks: the recipe is what a reader copies (the page
# shows it, with what it prints); below this line, alone on it, the asserts and any harness
# the build runs right after the recipe, in the same program (the page folds them away).
# The checks print nothing: run alone, the recipe prints exactly what the page shows
# (tests/test_snippets.py). An example without the line is all recipe.
CHECKS_LINE = "# --- checks ---"


class Example(NamedTuple):
    """One example's code, split at CHECKS_LINE."""

    recipe: str  # what the page shows and a reader copies, ending in one newline
    checks: str  # the asserts and harness after it ("" when the file has none)
    checks_from: int | None  # the file's line number of the first line of `checks`


def split_example(code: str) -> Example:
    """The recipe and the checks of an example's code (its file's text)."""
    lines = code.splitlines(keepends=True)
    at = next((i for i, line in enumerate(lines) if line.rstrip() == CHECKS_LINE), None)
    if at is None:
        return Example(recipe=code.rstrip("\n") + "\n", checks="", checks_from=None)
    first = at + 1
    while first < len(lines) and not lines[first].strip():
        first += 1
    return Example(
        recipe="".join(lines[:at]).rstrip("\n") + "\n",
        checks="".join(lines[first:]).rstrip("\n") + "\n" if first < len(lines) else "",
        checks_from=first + 1 if first < len(lines) else None,
    )


INCLUDE = re.compile(r'^[ \t]*--8<--[ \t]+"(?P<path>[^"]+)"[ \t]*$', re.M)
# An explicit heading id: ## Title {#the-id}
HEADING_ID = re.compile(
    r"^(?P<heading>#{1,6}[ \t].*?)[ \t]*\{[^}]*#(?P<id>[\w-]+)[^}]*\}[ \t]*$", re.M
)


def included(text: str) -> list[str]:
    """The snippets a page includes, in page order, each once."""
    return list(dict.fromkeys(m["path"] for m in INCLUDE.finditer(text)))


def chapter_snippets(chapter: str, language: str, root: Path = ROOT) -> list[str]:
    """The snippets a chapter page includes, in page order, each once."""
    return included((root / "docs" / page_source(chapter, language)).read_text(encoding="utf-8"))


# The packages the examples import, pinned in pyproject.toml: a reader's requirements.txt
# asks for them, and the matrix's pinned row is made on this torch.
PINNED_PACKAGES = ("torch", "numpy")


def pins(root: Path = ROOT) -> dict[str, str]:
    """{package: version} of PINNED_PACKAGES, as pyproject.toml pins them (`"torch==2.13.0"`)."""
    text = (root / "pyproject.toml").read_text(encoding="utf-8")
    found = {}
    for name in PINNED_PACKAGES:
        match = re.search(rf'"{name}==(?P<version>[^";\s]+)', text)
        if not match:
            raise ValueError(f'pyproject.toml does not pin {name} ("{name}==<version>")')
        found[name] = match["version"]
    return found


PINNED_TORCH = pins()["torch"] if (ROOT / "pyproject.toml").is_file() else None

# How a failing example is reported; the drift report and the tests parse it back.
FAILURE = "{position}: example failed on page docs/{page}, language {language}"
FAILED = re.compile(
    r"^(?:ERROR\s+-\s+)?(?P<origin>\S.*?)(?::(?P<line>\d+))?: "
    r"example failed on page (?P<page>\S+), language (?P<lang>[\w-]+)\s*$"
)


def failure(origin: str, line: int | None, page: str, language: str) -> str:
    position = f"{origin}:{line}" if line else origin
    return FAILURE.format(position=position, page=page, language=language)


# What an example's output must never contain: each names what it would reveal, and
# makes the same commit build differently on another machine or another day.
LEAKS = {
    "memory address": re.compile(r"\bat 0x[0-9a-fA-F]+|\b0x[0-9a-fA-F]{8,}\b"),
    "object repr": re.compile(r"&lt;[\w.]+ object at |<[\w.]+ object at "),
    "temporary path": re.compile(r"/tmp/|/var/folders/|\\AppData\\Local\\Temp\\|pytest-of-"),
    "project path": re.compile(re.escape(str(ROOT))),
    "home folder": re.compile(r"/home/\w+/|/root/|/Users/\w+/"),
    "time of day": re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?"),
    "process id": re.compile(r"\bpid[ =:]+\d+", re.IGNORECASE),
}


def leaks(text: str) -> list[str]:
    """What in `text` depends on the machine or the moment, each named."""
    return [
        f"{what}: {m.group(0)!r}" for what, pattern in LEAKS.items() for m in pattern.finditer(text)
    ]


def unstable(output: str, root: str) -> list[str]:
    """What in an example's output would change from one run or machine to the next, each
    named, the project folder `root` included: the one check of the runner and the matrix
    worker (gradsite/runner/, gradsite/matrix/worker.py)."""
    found = leaks(output.replace(root, "<project>"))
    return found + [f"project path: {root!r}"] if root in output else found


# Limits of one example, wherever it runs (the build, the tests, the matrix); environment
# variables change them (make serve and make build honour them too).
TIME_LIMIT = ("GRADSITE_TIME_LIMIT", 300.0)  # seconds; the slowest example (DDP) takes about 15
OUTPUT_LIMIT = ("GRADSITE_OUTPUT_LIMIT", 1_000_000)  # characters printed
# seconds; a slower example is named in the build log with its time: every build and every
# `make test-fast` pays it (README promises the latter under a minute).
SLOW = ("GRADSITE_SLOW", 5.0)


def limit(setting: tuple[str, float]) -> float:
    """The value of TIME_LIMIT, OUTPUT_LIMIT or SLOW: its environment variable, else its default."""
    name, default = setting
    return float(os.environ.get(name) or default)


# --- the project as a running MkDocs build sees it ---------------------------------------


def root_of(config) -> Path:
    """The folder of the project a MkDocs config builds: docs/ and snippets/ sit side by side in it."""
    return Path(config.docs_dir).resolve().parent


def serving(config) -> bool:
    """Whether `mkdocs serve` runs this build: it gives site_url its own address (dev_addr)."""
    address = f"{config.dev_addr.host}:{config.dev_addr.port}"
    return urlsplit(config.site_url or "").netloc == address


def i18n(config):
    """The build's mkdocs-static-i18n plugin (None in a build without it, as in some tests)."""
    return config.plugins.get("i18n")


def language_of_build(config) -> str:
    """The language mkdocs-static-i18n is building now (it builds one after the other)."""
    return getattr(i18n(config), "current_language", None) or DEFAULT
