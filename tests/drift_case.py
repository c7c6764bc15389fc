"""Show what a drift case does to the runner: which line of its snippet fails, and how.

    .venv/bin/python tests/drift_case.py retention "retain_grad becomes a no-op"

prints, for each language, whether the runner failed and its report (file:line, page, language,
the failing line, the error, what the example printed before it). A case name may also be given
as its test id (retain_grad-becomes-a-no-op) or any part of it.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gradsite.claims import ledger as claims  # noqa: E402
from gradsite.project import FAILED, ROOT  # noqa: E402

from sitebuild import drift_ids, run_in_runner  # noqa: E402


def main(chapter: str, wanted: str) -> int:
    module = importlib.import_module(f"drift_cases.{chapter}")  # tests/drift_cases/<chapter>.py
    cases = dict(zip(drift_ids(module.DRIFT), module.DRIFT.items()))
    chosen = [
        (name, case)
        for case_id, (name, case) in cases.items()
        if wanted in (name, case_id) or wanted in case_id
    ]
    if not chosen:
        print(f"no case matches {wanted!r}; cases: {', '.join(module.DRIFT)}")
        return 2
    for name, case in chosen:
        patch, snippet, claim = (*case, None)[:3]
        print(f"== {name} ({snippet}{f', claim {claim}' if claim else ''})")
        for language, (failed, log) in run_in_runner(snippet, patch).items():
            print(
                f"-- language {language}: {'FAILED (as a drift case must)' if failed else 'passed'}"
            )
            print(log or "(nothing logged)")
            line = next((m["line"] for m in map(FAILED.match, log.splitlines()) if m), None)
            if claim and line:
                at = claims.claims_at(snippet, int(line), ROOT)
                print(
                    f"-- line {line} proves: {', '.join(sorted(at)) or 'no claim'}"
                    f" ({'the case' if claim in at else 'NOT the case'}'s claim {claim})"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
