"""Chinese typography (gradsite/typography.py, AutoCorrect configured by .autocorrectrc).

The zh pages, mkdocs.yml and the templates pass AutoCorrect's lint; `make format` fixes
what it can. The planted page shows the check failing, and that code, fences, include
lines and heading ids are left alone.
"""

from __future__ import annotations

import typography

PLANTED = """# 梯度清零

## 为什么要清零 {#why-zero}

调用x.backward()之后，梯度是None。

```python exec="on" source="above" result="text"
--8<-- "snippets/zeroing/set_to_none.py"
```

```python exec="on" html="1"
from gradsite.pictures import graph
graph("snippets/retention/retain_grad.py", alt="调用retain_grad()之后的计算图")
```

行内代码`x.grad`不变。
"""


def test_chinese_text_passes_autocorrect():
    problems = typography.problems(typography.files())
    assert not problems, "AutoCorrect would change (run `make format`):\n" + "\n".join(problems)


def test_what_is_checked():
    names = {path.relative_to(typography.ROOT).as_posix() for path in typography.files()}
    assert {
        "docs/index.zh.md",
        "docs/zeroing/index.zh.md",
        "mkdocs.yml",
        "gradsite/overrides/404.html",
    } <= names
    assert not any(name.endswith(".en.md") for name in names)


def test_a_planted_mistake_is_found_and_fixed_and_code_is_left_alone(tmp_path):
    page = tmp_path / "index.zh.md"
    page.write_text(PLANTED, encoding="utf-8")
    problems = typography.problems([page], tmp_path)
    assert problems == [
        "index.zh.md:5: '调用x.backward()之后，梯度是None。' -> '调用 x.backward() 之后，梯度是 None。'"
    ]
    assert typography.fix([page]) == [page]
    fixed = page.read_text(encoding="utf-8")
    assert fixed == PLANTED.replace(
        "调用x.backward()之后，梯度是None。", "调用 x.backward() 之后，梯度是 None。"
    )
    assert typography.problems([page], tmp_path) == []


def test_a_cited_title_is_kept_as_written(tmp_path):
    page = tmp_path / "index.zh.md"
    page.write_text(
        "《深度学习——pytorch中反向传播，梯度保留》\n\n用pytorch中的张量。\n", encoding="utf-8"
    )
    assert typography.problems([page], tmp_path) == [
        "index.zh.md:3: '用pytorch中的张量。' -> '用 pytorch 中的张量。'"
    ]
