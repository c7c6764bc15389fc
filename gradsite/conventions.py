"""What several places must agree on, stated once.

Imported by the build (gradsite/hooks.py, gradsite/execute.py), the tests, the
benchmark (benchmarks/bench.py) and the drift report (.github/scripts/drift_report.py).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the project folder (pymdownx.snippets base_path ".")
LANGUAGES = ("zh", "en")  # the first is the default, built first
CHAPTERS = ("retention", "zeroing", "detach", "accumulation")  # same slug in docs/ and snippets/

# A page includes an example with one line: --8<-- "snippets/<chapter>/<file>.py"
INCLUDE = re.compile(r'^[ \t]*--8<--[ \t]+"(?P<path>[^"]+)"[ \t]*$', re.M)
# A fence markdown-exec runs; `body` is its code (a snippet include or code written in the page).
FENCE = re.compile(
    r'^[ \t]*(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>python|py)\b(?P<options>[^\n]*exec="(?:on|1|true)"[^\n]*)\n'
    r"(?P<body>.*?)^[ \t]*(?P=fence)",
    re.M | re.S,
)
# An explicit heading id: ## Title {#the-id}
HEADING_ID = re.compile(r"^#{1,6}[ \t].*?\{[^}]*#(?P<id>[\w-]+)[^}]*\}[ \t]*$", re.M)

# How a failing example is reported; the drift report and the tests parse it back.
FAILURE = "{position}: example failed on page docs/{page}, language {language}"
FAILED = re.compile(
    r"^(?:ERROR\s+-\s+)?(?P<origin>\S.*?)(?::(?P<line>\d+))?: "
    r"example failed on page (?P<page>\S+), language (?P<lang>[\w-]+)\s*$"
)


def failure(origin: str, line: int | None, page: str, language: str) -> str:
    return FAILURE.format(position=f"{origin}:{line}" if line else origin, page=page, language=language)


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
    return [f"{what}: {m.group(0)!r}" for what, pattern in LEAKS.items() for m in pattern.finditer(text)]


# Limits of one example; environment variables change them (make serve and make build honour them too).
TIME_LIMIT = ("GRADSITE_TIME_LIMIT", 300.0)  # seconds; the slowest example (DDP) takes about 15
OUTPUT_LIMIT = ("GRADSITE_OUTPUT_LIMIT", 1_000_000)  # characters printed
