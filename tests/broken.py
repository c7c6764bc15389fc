"""Small broken projects: each carries one mistake, or a few independent ones, and is built
strict on its own, so that no check depends on another mistake, on the edits made before it or
on their order (tests/test_build_failures.py reads each build's log; tests/test_workflows.py
feeds one to the drift report as .github/workflows/drift.yml does).

A small project is the real configuration (mkdocs.yml, the hooks, the templates: a config that
inherits the project's) around a few pages and examples written here, and builds in seconds.
tests/conftest.py builds them once per session (`broken`), a few side by side, in the background.
Each project says the line its mistakes are at (`lines`), found in the text written here.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from gradsite.project import ROOT

from sitebuild import Build, build_each

# Seconds; the hanging example's build only (every other example takes well under one).
TIME_LIMIT = "10"


def fence(snippet: str) -> str:
    return f'\n```python exec="on" source="above" result="text"\n--8<-- "{snippet}"\n```\n'


@dataclass
class Small:
    """One small project: its pages (docs/-relative path: text) and examples (path: code)."""

    pages: dict[str, str]
    snippets: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)


def line_of(text: str, needle: str) -> int:
    """The line of a page or an example written here where `needle` first is."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def _retention(zh: str, en: str | None = None) -> dict[str, str]:
    return {"retention/index.zh.md": zh, "retention/index.en.md": zh if en is None else en}


# --- examples that fail, each in its own way ---------------------------------------------

FAILS = "snippets/retention/retain_grad.py"  # an assert made false, after a print
RAISES = "snippets/retention/raises.py"  # an exception at its last line
SYNTAX = "snippets/retention/syntax.py"  # a syntax error at its last line
WARNS = "snippets/retention/warns.py"  # a warning it lets escape
FAILING = {
    FAILS: (
        "import torch\n\na = torch.tensor(2.0, requires_grad=True)\nc = a * a * 5\n"
        'c.retain_grad()\n(c * c * 3).backward()\nprint("c.grad =", c.grad)\n'
        "assert a.retains_grad\n"
    ),
    RAISES: 'import torch\n\nprint("before")\ntorch.zeros(1).backward()\n',
    SYNTAX: "x = 1\ndef broken(:\n",
    WARNS: (
        "import torch\n\na = torch.ones(1, requires_grad=True)\nc = a * 2\n"
        "c.sum().backward()\nprint(c.grad)\n"
    ),
}

# Output and input the build refuses.
FLOODS = "snippets/retention/floods.py"
ADDRESS = "snippets/retention/address.py"
READS_STDIN = "snippets/retention/reads_stdin.py"
REFUSED = {
    FLOODS: "for i in range(2_000_000):\n    print(i)\n",
    ADDRESS: "import torch\n\nx = torch.ones(1, requires_grad=True)\nprint((x * 2).grad_fn)\n",
    READS_STDIN: "name = input()\nprint(name)\n",
}

# A wait that never ends, as a rank waiting for a dead peer would (and, unlike a busy loop, it
# leaves the CPU to the rest of the suite while the time limit runs out). It notes each start in
# a file beside it (tests/test_build_failures.py counts them); a figure draws it after it.
HANGS = "snippets/retention/hangs.py"
HANGING = (
    "import time\nfrom pathlib import Path\n\n"
    'with open(Path(__file__).with_suffix(".starts"), "a") as starts:\n    starts.write("started\\n")\n'
    'print("about to wait")\nwhile True:\n    time.sleep(1)\n'
)
FIGURE = f'\n```python exec="on" html="1"\nfrom gradsite.pictures import graph; graph("{HANGS}", alt="x")\n```\n'

# --- pages that disagree -----------------------------------------------------------------

SHARED = "snippets/retention/shared.py"
ZH_ONLY = "snippets/retention/zh_only.py"
# A variant of a glossary term in each language's prose (the glossary below lists it).
VARIANT = {"zh": ("叶节点", "叶子节点"), "en": ("leaf node", "leaf tensor")}
MISSING = "snippets/versions/no_such_example.py"

# --- the claims --------------------------------------------------------------------------

# Claim comments (gradsite/claims/): one proves a claim used twice, one a claim no page makes,
# one stands above a print.
CLAIMS = "snippets/retention/claims.py"
CLAIM_CODE = (
    "x = 2\nprint(x)\n# claim: twice-used-claim\nassert x == 2\n"
    "# claim: orphan-claim-here\nassert x > 1\n# claim: misplaced-claim-comment\nprint(x + 1)\n"
)
# A mark no assert proves, an id used twice, a malformed id, a citation whose URL differs
# between the languages; and on the Chinese home page alone, a claim.
CLAIM_MARKS = (
    "\nNothing proves this.[[no-proof-anywhere]] Once.[[twice-used-claim]] "
    "Twice.[[twice-used-claim]] Badly named.[[Bad_Id]] "
    "Cited.[[cited-claim-here cite=https://example.org/{lang}]]\n"
)
ZH_ONLY_CLAIM = "\n只在中文页面。[[only-in-chinese cite=https://example.org/zh]]\n"

HOME = {"index.zh.md": "# 首页\n", "index.en.md": "# Home\n"}
GLOSSARY = {
    f"glossary/index.{lang}.md": (
        f"# Glossary\n\n| term | other | definition | variants |\n| --- | --- | --- | --- |\n"
        f"| {term} | {other} | A tensor no recorded operation made. | {variant} |\n"
    )
    for lang, term, other, variant in (
        ("zh", "叶子节点", "leaf tensor", "叶节点"),
        ("en", "leaf tensor", "叶子节点", "leaf node"),
    )
}

PROJECTS = {
    "failing": Small(
        _retention("# Retention {#top}\n" + "".join(fence(s) for s in FAILING)),
        FAILING,
    ),
    "refused": Small(
        _retention("# Retention {#top}\n" + "".join(fence(s) for s in REFUSED)),
        REFUSED,
    ),
    "hangs": Small(
        _retention("# Retention {#top}\n" + fence(HANGS) + FIGURE),
        {HANGS: HANGING},
        {"GRADSITE_TIME_LIMIT": TIME_LIMIT},
    ),
    "twins": Small(
        {
            **_retention(
                "# Retention {#top}\n\n## Chain rule {#chain-rule-2400}\n"
                + fence(SHARED)
                + fence(ZH_ONLY),
                "# Retention {#top}\n\n## Chain rule {#chain-rule}\n" + fence(SHARED),
            ),
            "references/index.zh.md": "# 参考资料\n",
        },
        {SHARED: 'print("shared")\n', ZH_ONLY: 'print("only in Chinese")\n'},
    ),
    "links": Small(
        {
            "index.en.md": "# Home\n\n[Retention](retention/missing.md)\n",
            "index.zh.md": "# 首页\n\n[保留](retention/index.md#no-such-heading)\n",
            **_retention(
                "# Retention {#top}\n\nA 叶节点 here.\n",
                "# Retention {#top}\n\nA leaf node here.\n",
            ),
        }
    ),
    "missing": Small(
        {
            "versions/index.zh.md": "# 版本\n" + fence(SHARED),
            "versions/index.en.md": "# Versions\n" + fence(MISSING),
        },
        {SHARED: 'print("shared")\n'},
    ),
    "claims": Small(
        {
            "index.zh.md": "# 首页\n" + ZH_ONLY_CLAIM,
            **{
                f"retention/index.{lang}.md": "# Retention {#top}\n"
                + fence(CLAIMS)
                + CLAIM_MARKS.format(lang=lang)
                for lang in ("zh", "en")
            },
        },
        {CLAIMS: CLAIM_CODE},
    ),
}


def _write(folder: Path, small: Small) -> Path:
    """The small project in `folder`: its pages and examples, the home and glossary pages
    unless it writes its own, and a config that inherits the project's."""
    for path, text in {**HOME, **GLOSSARY, **small.pages}.items():
        (folder / "docs" / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / "docs" / path).write_text(text, encoding="utf-8")
    for path, code in small.snippets.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(code, encoding="utf-8")
    shutil.copytree(ROOT / "docs/assets", folder / "docs/assets")
    shutil.copy2(ROOT / "pyproject.toml", folder / "pyproject.toml")
    stems = sorted({path.rsplit(".", 2)[0] for path in small.pages if path.count(".") == 2})
    nav = [
        "index.md",
        *(f"{s}.md" for s in stems if not s.startswith("references")),
        "glossary/index.md",
    ]
    config = {  # JSON is YAML: MkDocs reads it as a config that inherits the real one
        "INHERIT": str(ROOT / "mkdocs.yml"),
        "docs_dir": str(folder / "docs"),
        "hooks": [str(ROOT / "gradsite" / "hooks.py")],
        "watch": [str(folder / "docs")],
        "theme": {"name": "material", "custom_dir": str(ROOT / "gradsite" / "overrides")},
        "nav": list(dict.fromkeys(nav)),
    }
    (folder / "mkdocs.yml").write_text(json.dumps(config), encoding="utf-8")
    return folder


def build_broken(folder: Path) -> dict[str, Build]:
    """Every small broken project of PROJECTS, built strict, two side by side, each forked from
    one process that has imported what a build needs (tests/sitebuild.py, `build_each`)."""
    jobs = [
        (_write(folder / name / "project", small), folder / name / "site", small.env)
        for name, small in PROJECTS.items()
    ]
    return dict(zip(PROJECTS, build_each(jobs)))


def project_of(result: Build) -> Path:
    """The small project a build of build_broken was made from."""
    return result.site.parent / "project"
