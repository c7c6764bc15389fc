"""Turn a failed site build log into the text of a drift issue.

The site's build names every failing example on one line, followed by
indented lines (the failing source line, then the error):

    ERROR   -  snippets/<chapter>/<file>.py:<line>: example failed on page docs/<page>, language <lang>
      assert c.grad.item() == 120
      AttributeError: 'NoneType' object has no attribute 'item'

Usage (from .github/workflows/drift.yml):

    python .github/scripts/drift_report.py build.log --torch 2.14.0 --channel release --body issue.md

prints the issue title and writes the issue body to --body (without a log and
--body, it prints the title only: the workflow closes that issue once the build
passes again). The title names
the channel and, for releases, the version: one issue per torch release, and
one for the nightly channel (whose version changes every day).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project, when gradsite is not installed
from gradsite.project import FAILED  # noqa: E402 - the build's own failure format
ERROR = re.compile(r"^ERROR\s+-\s+(?P<message>.*)$")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Enough to recognise the failure; the full traceback is in the workflow log.
FIRST_LINES = 6


@dataclass
class Failure:
    origin: str  # snippets/<chapter>/<file>.py
    line: int | None
    details: list[str]  # the indented lines under the first report
    where: list[tuple[str, str]] = field(default_factory=list)  # (page, language)

    @property
    def position(self) -> str:
        return f"{self.origin}:{self.line}" if self.line else self.origin


def parse(log: str) -> tuple[list[Failure], list[str]]:
    """Failing examples in order of first report, and the build's other errors."""
    failures: dict[tuple[str, int | None], Failure] = {}
    others: list[str] = []
    # Keep trailing blanks: an example without a failing line reports "  " there.
    lines = [ANSI.sub("", line) for line in log.splitlines()]
    for index, text in enumerate(lines):
        match = FAILED.match(text.rstrip())
        if not match:
            error = ERROR.match(text)
            if error:
                others.append(error["message"].rstrip())
            continue
        line = int(match["line"]) if match["line"] else None
        key = (match["origin"], line)
        if key not in failures:
            details = []
            for following in lines[index + 1 :]:
                if not following.startswith(" ") or len(details) == FIRST_LINES:
                    break
                if following.strip():
                    details.append(following.strip())
            failures[key] = Failure(match["origin"], line, details)
        where = (match["page"], match["lang"])
        if where not in failures[key].where:
            failures[key].where.append(where)
    return list(failures.values()), others


def title(torch_version: str, channel: str) -> str:
    if channel == "nightly":
        return "Drift: site examples fail on torch nightly"
    release = torch_version.split("+")[0]  # 2.14.0+cpu and 2.14.0 are the same release
    return f"Drift: site examples fail on torch {release}"


def body(failures: list[Failure], others: list[str], torch_version: str, channel: str, run_url: str) -> str:
    out = [
        f"The scheduled drift build (`.github/workflows/drift.yml`) failed on torch `{torch_version}` "
        f"({channel}).",
        "",
    ]
    if run_url:
        out += [f"Run: {run_url}", ""]
    if failures:
        out += [f"## Failing examples ({len(failures)})", ""]
        for failure in failures:
            pages = ", ".join(f"`{page}` ({lang})" for page, lang in failure.where)
            out += [f"### `{failure.position}`", "", f"On {pages}.", ""]
            if failure.details:
                out += ["```text", *failure.details, "```", ""]
    else:
        out += ["No example failed: the build stopped for another reason.", ""]
    if others:
        out += ["## Other build errors", "", "```text", *others[:20], "```", ""]
    out += [
        "Each failing example is a claim the site makes about PyTorch. Check the release notes, "
        "then fix the example and both language pages, or record the change on the version notes "
        "page (`docs/versions/`).",
    ]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path, nargs="?", help="the output of `mkdocs build --strict`")
    parser.add_argument("--torch", required=True, help="torch.__version__ of the build")
    parser.add_argument("--channel", choices=("release", "nightly"), required=True)
    parser.add_argument("--body", type=Path, help="where to write the issue body (needs the log)")
    parser.add_argument("--run-url", default="", help="link to the workflow run")
    args = parser.parse_args(argv)

    if args.body:
        if not args.log:
            parser.error("--body needs the build log")
        failures, others = parse(args.log.read_text(encoding="utf-8", errors="replace"))
        text = body(failures, others, args.torch, args.channel, args.run_url)
        args.body.write_text(text, encoding="utf-8")
    print(title(args.torch, args.channel))
    return 0


if __name__ == "__main__":
    sys.exit(main())
