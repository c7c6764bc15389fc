"""The deliberately broken project: every kind of mistake at once, one strict build.

Built for the session by tests/conftest.py (`broken`): tests/test_build_failures.py checks each
mistake is reported by name, and tests/test_workflows.py feeds the log to the
drift report as .github/workflows/drift.yml does.
"""

from __future__ import annotations

from pathlib import Path

from sitebuild import Build, build, copy_project

FAILS = "snippets/retention/retain_grad.py"  # an assert made false, after a print
RAISES = "snippets/retention/leaf_and_non_leaf.py"  # an exception at its last line
SYNTAX = "snippets/retention/autograd_grad.py"  # a syntax error at its last line
WARNS = "snippets/retention/chain_rule_2400.py"  # a warning it lets escape
# New examples of the broken copy, each included by both retention pages.
NEW = {
    # A wait that never ends, as a rank waiting for a dead peer would (and, unlike a busy
    # loop, it leaves the CPU to the rest of the suite while the time limit runs out).
    # It notes each start in a file beside it (tests/test_build_failures.py counts them).
    "snippets/retention/zz_hangs.py": (
        "import time\nfrom pathlib import Path\n\n"
        'with open(Path(__file__).with_suffix(".starts"), "a") as starts:\n    starts.write("started\\n")\n'
        'print("about to wait")\nwhile True:\n    time.sleep(1)\n'
    ),
    "snippets/retention/zz_floods.py": "for i in range(2_000_000):\n    print(i)\n",
    "snippets/retention/zz_address.py": (
        "import torch\n\nx = torch.ones(1, requires_grad=True)\nprint((x * 2).grad_fn)\n"
    ),
    "snippets/retention/zz_reads_stdin.py": "name = input()\nprint(name)\n",
    # Claim comments (gradsite/claims.py): one proves a claim used twice, one a claim no page
    # makes (line 6), one stands above a print (line 7).
    "snippets/retention/zz_claims.py": (
        "x = 2\nprint(x)\n# claim: twice-used-claim\nassert x == 2\n"
        "# claim: orphan-claim-here\nassert x > 1\n# claim: misplaced-claim-comment\nprint(x + 1)\n"
    ),
}
HANGS = "snippets/retention/zz_hangs.py"
CLAIMS = "snippets/retention/zz_claims.py"
# The claim ledger's mistakes in both retention pages, on the line build_broken records as
# lines["claims", lang]: a mark no assert proves, an id used twice, a malformed id, a citation
# whose URL differs between the languages; and on the Chinese home page alone, a claim.
CLAIM_MARKS = (
    "\nNothing proves this.[[no-proof-anywhere]] Once.[[twice-used-claim]] "
    "Twice.[[twice-used-claim]] Badly named.[[Bad_Id]] "
    "Cited.[[cited-claim-here cite=https://example.org/{lang}]]\n"
)
ZH_ONLY_CLAIM = "\n只在中文页面。[[only-in-chinese cite=https://example.org/zh]]\n"
# A figure drawing the hanging example, in both languages, after it.
FIGURE = f'\n```python exec="on" html="1"\nfrom gradsite.pictures import graph; graph("{HANGS}", alt="x")\n```\n'
ZH_ONLY = "snippets/retention/zz_zh_only.py"
# A variant of a glossary term in each language's prose (docs/glossary/ lists it), at a line
# build_broken records as lines["variant", lang].
VARIANT = {"zh": ("叶节点", "叶子节点"), "en": ("leaf node", "leaf tensor")}
MISSING, MISSING_IN = "snippets/versions/no_such_example.py", "docs/versions/index.en.md"
# Seconds; every real example of the chapter takes well under one, even under load.
TIME_LIMIT = "10"


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _append(path, text):
    with open(path, "a", encoding="utf-8") as file:
        file.write(text)


def _fence(snippet):
    return f'\n```python exec="on" source="above" result="text"\n--8<-- "{snippet}"\n```\n'


def project_of(result: Build) -> Path:
    """The broken copy a build of build_broken was made from."""
    return result.site.parent.parent / "project"


def _lines(path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def build_broken(folder: Path) -> tuple[Build, dict]:
    """Copy the project into `folder`, break it every way at once, build it strictly.
    Returns the build and the line each edited snippet now fails at."""
    project = copy_project(folder / "project")
    claim_lines = {}
    _edit(project / FAILS, "assert not a.retains_grad", "assert a.retains_grad")
    _append(project / RAISES, "torch.zeros(1).backward()\n")
    _append(project / SYNTAX, "def broken(:\n")
    _edit(project / WARNS, 'print("a.grad =", a.grad)', 'print("a.grad =", a.grad, c.grad)')
    for path, code in {**NEW, ZH_ONLY: 'print("only in Chinese")\n'}.items():
        (project / path).write_text(code, encoding="utf-8")
    for lang in ("zh", "en"):
        _append(
            project / f"docs/retention/index.{lang}.md", "".join(_fence(p) for p in NEW) + FIGURE
        )
    _append(project / "docs/retention/index.zh.md", _fence(ZH_ONLY))
    for lang in ("zh", "en"):
        _append(project / f"docs/retention/index.{lang}.md", CLAIM_MARKS.format(lang=lang))
        claim_lines[lang] = _lines(project / f"docs/retention/index.{lang}.md")
    _append(project / "docs/index.zh.md", ZH_ONLY_CLAIM)
    for lang, (variant, _) in VARIANT.items():
        _append(project / f"docs/retention/index.{lang}.md", f"\nA {variant} here.\n")
    _edit(project / "docs/retention/index.en.md", "{#chain-rule-2400}", "{#chain-rule}")
    (project / "docs/references/index.en.md").unlink()
    _edit(project / "docs/index.en.md", "(retention/index.md)", "(retention/missing.md)")
    _edit(
        project / "docs/index.zh.md", "(retention/index.md)", "(retention/index.md#no-such-heading)"
    )
    # A missing snippet stops MkDocs reading the page, and the build there: so it is in the
    # page read last (pages are read in path order, versions/ after retention/), in English.
    _edit(project / MISSING_IN, "snippets/versions/torch_version.py", MISSING)
    lines = {path: _lines(project / path) for path in (FAILS, RAISES, SYNTAX)}
    lines.update({("claims", lang): line for lang, line in claim_lines.items()})
    for lang in VARIANT:
        lines["variant", lang] = _lines(project / f"docs/retention/index.{lang}.md")
    lines[WARNS] = next(
        n for n, t in enumerate((project / WARNS).read_text().splitlines(), 1) if "c.grad)" in t
    )
    lines[FAILS] = next(
        n
        for n, t in enumerate((project / FAILS).read_text().splitlines(), 1)
        if t.strip() == "assert a.retains_grad"
    )
    (folder / "out").mkdir()
    result = build(
        folder / "out" / "site",
        project=project,
        only="retention",
        links=True,
        env={"GRADSITE_TIME_LIMIT": TIME_LIMIT},
    )
    return result, lines
