"""data/drift-claims.json: the drift cases that break each claim, and why some claims have none
(the NO_DRIFT reasons), written from tests/drift_cases/ for the build, which reads data, not
tests (gradsite/claims/ledger.py shows them on the claims page and checks the reasons are not
stale). tests/test_drift.py fails, naming the command, until the file is current:

    make drift-claims        # .venv/bin/python tests/drift_claims.py
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # the drift_cases package

from gradsite.claims.ledger import DRIFT_CLAIMS  # noqa: E402
from gradsite.project import ROOT  # noqa: E402

RECORD = ROOT / DRIFT_CLAIMS
COMMAND = "make drift-claims"


def modules() -> dict[str, object]:
    """Every module of tests/drift_cases/, by name, in name order (the claims page's order)."""
    folder = Path(__file__).parent / "drift_cases"
    names = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    return {name: importlib.import_module(f"drift_cases.{name}") for name in names}


def collect(found: dict[str, object]) -> dict:
    """{"cases": {claim id: case names}, "no_drift": {claim id: reason}} of the modules' DRIFT
    and NO_DRIFT dicts. A case is (patch, snippet, claim id) or, failing in the recipe,
    (patch, snippet, claim id, IN_RECIPE): any other form is refused."""
    cases: dict[str, list[str]] = {}
    reasons: dict[str, str] = {}
    for module, namespace in found.items():
        for name, case in namespace.DRIFT.items():
            if len(case) not in (3, 4) or not isinstance(case[2], str):
                raise ValueError(
                    f"tests/drift_cases/{module}.py, {name!r}: a case is (patch, snippet, claim "
                    "id), with IN_RECIPE as a fourth item where the recipe fails"
                )
            cases.setdefault(case[2], []).append(name)
        reasons.update(getattr(namespace, "NO_DRIFT", {}))
    return {"cases": dict(sorted(cases.items())), "no_drift": dict(sorted(reasons.items()))}


def load(path: Path = RECORD) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def record(path: Path = RECORD) -> None:
    text = json.dumps(collect(modules()), ensure_ascii=False, indent=1) + "\n"
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    record()
    print(f"{RECORD.relative_to(ROOT)}: written from tests/drift_cases/")
