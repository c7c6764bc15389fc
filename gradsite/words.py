"""Every word the site's code puts in front of a reader, in one table per language.

Each language has the same keys, grouped by the job that uses them
(tests/test_words.py checks it, and that the check can fail). Pages, the glossary
and mkdocs.yml's nav and palette names are translated where they are written;
this table holds what gradsite/ and its templates add to them.
"""

from __future__ import annotations

WORDS = {
    "zh": {
        "page": {
            "provenance": "本页所有输出均在网站构建时由 PyTorch {torch} 实际运行代码得到。",
            # The fold under an example: the asserts the build runs after its recipe (hooks.py).
            "checks": "构建时对本例运行的检查（断言）",
            "not_found_title": "404：页面不存在",
            "not_found": (
                '这个地址上没有页面，可能是链接写错了，或者页面已经移走。请回到<a href="{home}">首页</a>，'
                "或者用上方的搜索查找。"
            ),
            # docs/assets/search-miss.js: the site has none of a query's words
            "search_miss_title": "本站没有讲到“{query}”。",
            "search_miss": (
                '<p>报错信息请查<a href="errors/">报错信息索引</a>：把报错的第一句粘贴到搜索框里。'
                "不报错的问题（<code>.grad</code> 是 <code>None</code>、损失不再下降、内存每一步都在增长）"
                '请看<a href="troubleshooting/">排查问题</a>。</p>'
            ),
        },
        "glossary": {
            "tooltip": "{counterpart}：{definition}",
        },
        "picture": {
            "flow": "箭头：`backward()` 中梯度流动的方向",
            "input": "虚线：不需要梯度的输入，梯度不流向它",
            "retains": "强调色边框：调用过 `retain_grad()` 的非叶子节点",
            "detached": ("虚线边框：分离出的张量（与 {source} 共享存储），没有连回原计算图的边"),
            "hooked": ("粗边框：用 `register_hook()` 注册了钩子的张量，流向它的梯度先经过钩子"),
        },
        "downloads": {
            "notebook": "下载本章的 Jupyter 笔记本",
            "notebook_note": "（正文和全部示例，带着本页的输出）",
            "examples": "下载本章的示例代码",
            "examples_note": "（zip：示例文件、<code>requirements.txt</code> 和运行说明）",
            "pdf": "下载本书的 PDF",
            "pdf_note": "：全部章节，带着示例的输出和插图，可以打印。",
            "offline": "下载整个网站，离线阅读",
            "offline_note": (
                "：包含中英文两种语言和搜索；解压后用浏览器打开 <code>index.html</code>（英文版是 "
                "<code>en/index.html</code>）。"
            ),
        },
        "readme": {
            "text": """# {title}：示例代码

这些文件就是网页上的示例，每个都是完整的程序，页面上的输出就是它们在构建网站时打印的内容。

运行方法（需要 Python 3.11）：

```sh
python -m venv .venv
. .venv/bin/activate            # Windows：.venv\\Scripts\\activate
pip install -r requirements.txt
python {first}
```

`requirements.txt` 固定了生成网页输出时用的版本。PyPI 上的 `torch` 通常是几 GB 的 CUDA 版本；
只需要 CPU 版时，先运行
`pip install torch=={torch} --index-url https://download.pytorch.org/whl/cpu`。

文件（与网页上的顺序相同）：

{files}

网页：{url}
""",
        },
        "compat": {
            "never": "在本站测试过的每个 PyTorch 版本上都失败：{why}",
            "all": "在本站测试过的每个 PyTorch 版本（{first} 至 {last}）上都原样通过。",
            "pinned": "目前只在 PyTorch {pinned} 上检查过。",
            "all_other": (
                "在本站测试过的每个 PyTorch 版本（{first} 至 {last}）上都原样通过，但在 {other} "
                "上输出不同。"
            ),
            "from": (
                "在 PyTorch {since} 及之后的版本上原样通过；在 {last_bad} 及更早的版本上失败：{why}"
            ),
            "until": (
                "在 PyTorch {last_ok} 及之前的版本上通过；在 {first_bad} 及之后的版本上失败：{why}"
            ),
            "some": "在 PyTorch {bad} 上失败：{why}；在其余测试过的版本上通过。",
            "warn": "（在 {warned} 上会额外输出警告）",
            "other": "（在 {other} 上输出不同）",
            "example": "示例",
            "pass": "通过",
            "fail": "失败",
            "warned": "通过，但输出了警告",
            "changed": "输出与上一个版本不同",
            "at": "出错的一行：`{code}`",
            "legend": (
                "✓ 通过\u3000✗ 失败\u3000! 通过但有警告\u3000◆ 输出与左边的版本不同\u3000· 未运行。"
                "把指针停在格子上可看到失败原因；下面的列表也列出了每一处失败。"
            ),
            "failures": "失败详情",
            "none": "没有示例在任何版本上失败。",
            "change_head": "| 示例 | 最后失败的版本 | 首个通过的版本 | 旧版本上的失败 |",
            "no_changes": "矩阵中没有哪个示例在某个版本之后由失败变为通过。",
            "provenance": (
                "数据：<code>data/matrix.json</code>，由 <code>make matrix</code> 生成，{where}。"
                "各版本的 torch 构建（运行日期，提交）："
            ),
        },
        "releases": {
            "choose": "我的 PyTorch 版本",
            "pinned": "{release}（本站构建所用）",
            "count": "{release}（本页 {n} 个示例不同）",
            "about": "这是什么？",
            "label": "输出 · PyTorch {release}",
            "same": "与 {pinned} 相同",
            "differs": "与 {pinned} 不同",
            "fails": "中途停止",
            "fails_anywhere": "失败",
            "untested": "未测试",
            "changed": (
                "在 PyTorch {release} 上，这个示例照常运行，检查全部通过，只是打印的内容不同："
                "上面标出了不同的行。本节的说法在 {release} 上同样成立，只是输出的文字有差别。"
            ),
            "assert": (
                "在 PyTorch {release} 上，这个示例在 <code>{code}</code> 这一行停下：这项检查不成立，"
                "本节描述的行为在 {release} 上不是这样。上面是它停下之前打印的内容。"
            ),
            "missing": (
                "在 PyTorch {release} 上，这个示例在 <code>{code}</code> 这一行报错：{error}。"
                "{release} 还没有这里用到的接口。上面是它报错之前打印的内容。"
            ),
            "stops": (
                "在 PyTorch {release} 上，这个示例在 <code>{code}</code> 这一行报错：{error}，"
                "本节从这里起的说法在 {release} 上不成立。上面是它报错之前打印的内容。"
            ),
            "fails_plain": (
                "在 PyTorch {release} 上，这个示例失败：{error}。本节的说法在 {release} 上不成立。"
            ),
            "advice_since": (
                "用 {release} 的读者：从 PyTorch {since} 起才是本节所说的样子；请升级到 {since} "
                "或更新的版本，或者在自己的代码里按 {release} 的实际行为处理。"
            ),
            "advice_until": (
                "用 {release} 的读者：这是 {last_ok} 之后的变化，本节描述的是 {pinned}；"
                "请按上面 {release} 的实际结果调整代码。"
            ),
            "warned": "在 PyTorch {release} 上，它还会打印一条警告：{error}。代码照常运行。",
            "not_run": (
                "这个示例的当前版本没有在 PyTorch {release} 上运行过；上面是 {pinned} 的输出。"
            ),
            "no_text": "（没有记录该版本的输出文本）",
            "show": "看 {release}",
            "back": "回到 {pinned}",
            "guide_one": "在 PyTorch {release} 上，本页有 1 个示例的输出与页面所示不同：",
            "guide_many": "在 PyTorch {release} 上，本页有 {n} 个示例的输出与页面所示不同：",
            "guide_none": "在 PyTorch {release} 上，本页每个示例的输出都与页面所示相同。",
            "guide_link": "第 {i} 个不同之处：{section}",
            "previous": "↑ 上一个",
            "next": "下一个 ↓",
            "of": "第 {i} 个，共 {n} 个",
        },
        "claims": {
            "mark_asserted": "本段的结论由示例中的 assert 检查：查看证明",
            "mark_cited": "本段的结论无法在本站运行，引用了出处：查看出处",
            "mark_many": "本段有 {n} 条结论：查看每条如何检查",
            "tip_many": "本段有 {n} 条结论，每条的检查如下：",
            "tip_asserted": "由 {file} 第 {line} 行的断言检查：",
            "tip_cited": (
                "这条结论无法在构建网站的机器上运行（例如需要 GPU 或多台机器），只能引用出处："
            ),
            "tip_more": "在结论清单中查看",
            "close": "关闭",
            "releases": "该示例在 PyTorch {releases} 上原样通过。",
            "releases_pinned": "目前只在 PyTorch {pinned} 上检查过。",
            "releases_none": "兼容性矩阵中还没有这个示例的当前记录。",
            "releases_short": "{releases}",
            "releases_pinned_short": "目前只有 {pinned}",
            "releases_none_short": "尚无记录",
            "summary_page": (
                "本页共有 {claims} 条结论：{asserted} 条由旁边示例里的 `assert` 检查，{cited} 条"
                "引用了出处。在由断言检查的结论里，有 {drift} 条还做过变化模拟：假装 PyTorch "
                "改变了这一行为，确认构建会因此失败。"
            ),
            "summary_site": (
                "全站共有 {claims} 条结论：{asserted} 条（{asserted_pct}%）由示例里的 `assert` "
                "检查，{cited} 条引用了出处。在由断言检查的结论里，有 {drift} 条（{drift_pct}%）"
                "还做过变化模拟。"
            ),
            "summary_none": "本页还没有标出结论。",
            "summary_none_site": "全站还没有标出结论。",
            "summary_link": "[结论清单]({url})逐条列出了每条结论和它的证明。",
            "page_counts": (
                "{claims} 条结论：{asserted} 条由断言检查，{cited} 条引用出处，{drift} 条做过变化模拟。"
            ),
            "sentence": "结论",
            "proof": "证明",
            "drift": "变化模拟",
            "runs": "通过的版本",
            "no_drift": "没有变化模拟",
            "no_drift_why": "——没有哪种版本变化能单独破坏它：",
            "cited": "引用：",
        },
        "book": {
            "contents": "目录",
            "built": "本书由网站构建时生成：PyTorch {torch}，{date}。网页版：{url}",
        },
    },
    "en": {
        "page": {
            # The fold under an example: the asserts the build runs after its recipe (hooks.py).
            "checks": "The checks (asserts) the build runs on this example",
            "provenance": (
                "Every output on this page was produced by running its code with PyTorch {torch} "
                "when the site was built."
            ),
            "not_found_title": "404: Page not found",
            "not_found": (
                "There is no page at this address: the link may be wrong, or the page has moved. "
                'Go to the <a href="{home}">home page</a>, or use the search above.'
            ),
            # docs/assets/search-miss.js: the site has none of a query's words
            "search_miss_title": "Nothing on this site is about “{query}”.",
            "search_miss": (
                '<p>For an error message, see the <a href="errors/">error index</a>: paste the '
                "message's first sentence into the search box. For a problem that raises no error "
                "(<code>.grad</code> is <code>None</code>, the loss stops going down, memory grows "
                'every step), see <a href="troubleshooting/">Troubleshooting</a>.</p>'
            ),
        },
        "glossary": {
            "tooltip": "{definition}",
        },
        "picture": {
            "flow": "Arrows: the direction gradients flow in `backward()`",
            "input": "Dashed line: an input that needs no gradient; none flows to it",
            "retains": "Accent border: a non-leaf tensor that called `retain_grad()`",
            "detached": (
                "Dashed border: a detached tensor (shares storage with {source}), with no edge "
                "back into the graph"
            ),
            "hooked": (
                "Thick border: a tensor with a hook from `register_hook()`; the gradient flowing "
                "into it passes through the hook"
            ),
        },
        "downloads": {
            "notebook": "Download this chapter as a Jupyter notebook",
            "notebook_note": " (the text and every example, with the outputs shown here)",
            "examples": "Download this chapter's examples",
            "examples_note": (
                " (a zip of the files, with <code>requirements.txt</code> and a README)"
            ),
            "pdf": "Download the book as a PDF",
            "pdf_note": (
                ": every chapter, with the examples' outputs and the pictures, ready to print."
            ),
            "offline": "Download the whole site for offline reading",
            "offline_note": (
                ": both languages, search included; unzip it and open <code>index.html</code> "
                "(or <code>en/index.html</code>) in a browser."
            ),
        },
        "readme": {
            "text": """# {title}: the examples

These files are the examples of the page, each a complete program; the outputs on the page are
what they printed when the site was built.

To run them (Python 3.11):

```sh
python -m venv .venv
. .venv/bin/activate            # Windows: .venv\\Scripts\\activate
pip install -r requirements.txt
python {first}
```

`requirements.txt` pins the versions that produced the page's outputs. PyPI's `torch` is usually a
CUDA build of several GB; for the CPU-only one, run
`pip install torch=={torch} --index-url https://download.pytorch.org/whl/cpu` first.

Files, in the order of the page:

{files}

The page: {url}
""",
        },
        "compat": {
            "never": "Fails on every PyTorch release tested here: {why}",
            "all": ("Runs unchanged on every PyTorch release tested here ({first} to {last})."),
            "pinned": "Checked on PyTorch {pinned} only so far.",
            "all_other": (
                "Runs unchanged on every PyTorch release tested here ({first} to {last}), but "
                "prints something else on {other}."
            ),
            "from": (
                "Runs unchanged on PyTorch {since} and later; fails on {last_bad} and earlier: "
                "{why}"
            ),
            "until": (
                "Runs on PyTorch {last_ok} and earlier; fails on {first_bad} and later: {why}"
            ),
            "some": "Fails on PyTorch {bad}: {why}; runs on the other releases tested.",
            "warn": " (prints a warning on {warned})",
            "other": " (prints something else on {other})",
            "example": "Example",
            "pass": "passed",
            "fail": "failed",
            "warned": "passed, with a warning",
            "changed": "output differs from the previous release",
            "at": "at `{code}`",
            "legend": (
                "✓ passed  ✗ failed  ! passed with a warning  ◆ output differs from the release "
                "to its left  · not run. Hover a cell for the reason of a failure; the list below "
                "gives every failure too."
            ),
            "failures": "Failures",
            "none": "No example fails on any release.",
            "change_head": (
                "| Example | Last failing release | First passing release | Failure on the older "
                "releases |"
            ),
            "no_changes": (
                "No example of the matrix goes from failing to passing at some release."
            ),
            "provenance": (
                "Data: <code>data/matrix.json</code>, written by <code>make matrix</code>, {where}. "
                "Each release's torch build (date run, commit):"
            ),
        },
        "releases": {
            "choose": "My PyTorch",
            "pinned": "{release} (this build)",
            "count": "{release} (differences on this page: {n})",
            "about": "What is this?",
            "label": "Output · PyTorch {release}",
            "same": "same as {pinned}",
            "differs": "differs from {pinned}",
            "fails": "stops before the end",
            "fails_anywhere": "fails",
            "untested": "not tested",
            "changed": (
                "On PyTorch {release} this example runs and its checks pass, but it prints "
                "something else: the marked lines above. What this section says holds on "
                "{release} too; only the printed text differs."
            ),
            "assert": (
                "On PyTorch {release} this example stops at <code>{code}</code>: the check fails, "
                "so the behaviour this section describes is not what {release} does. Above is "
                "what it printed before stopping."
            ),
            "missing": (
                "On PyTorch {release} this example stops at <code>{code}</code> with {error}: "
                "{release} does not have what it uses yet. Above is what it printed before "
                "stopping."
            ),
            "stops": (
                "On PyTorch {release} this example stops at <code>{code}</code> with {error}, so "
                "what this section says from there on does not hold on {release}. Above is what "
                "it printed before stopping."
            ),
            "fails_plain": (
                "On PyTorch {release} this example fails: {error}. What this section says does "
                "not hold on {release}."
            ),
            "advice_since": (
                "On {release}: this works as described from PyTorch {since} on. Upgrade to {since} "
                "or later, or write your code for what {release} does."
            ),
            "advice_until": (
                "On {release}: this changed after PyTorch {last_ok}; the page describes {pinned}. "
                "Adapt your code to what {release} does, shown above."
            ),
            "warned": "On PyTorch {release} it also prints a warning: {error}. The code still runs.",
            "not_run": (
                "This example, as it is now, has not been run on PyTorch {release}; above is "
                "what {pinned} printed."
            ),
            "no_text": "(this release's output text was not recorded)",
            "show": "Show {release}",
            "back": "Back to {pinned}",
            "guide_one": "On PyTorch {release}, 1 example on this page prints something else:",
            "guide_many": "On PyTorch {release}, {n} examples on this page print something else:",
            "guide_none": "On PyTorch {release}, every example on this page prints what it shows.",
            "guide_link": "Difference {i}: {section}",
            "previous": "↑ previous",
            "next": "next ↓",
            "of": "{i} of {n}",
        },
        "claims": {
            "mark_asserted": (
                "This paragraph's claim is checked by an assert in an example: show the proof"
            ),
            "mark_cited": (
                "This paragraph's claim cannot run here, so its source is cited: show the source"
            ),
            "mark_many": "This paragraph makes {n} claims: show how each is checked",
            "tip_many": "This paragraph makes {n} claims; how each is checked:",
            "tip_asserted": "Checked by the assert at line {line} of {file}:",
            "tip_cited": (
                "This claim cannot run on the machine that builds the site (it needs a GPU or "
                "several machines, for example), so its source is cited:"
            ),
            "tip_more": "See it on the claims page",
            "close": "Close",
            "releases": "The example passes unchanged on PyTorch {releases}.",
            "releases_pinned": "Checked on PyTorch {pinned} only so far.",
            "releases_none": "The compatibility matrix has no current row for this example yet.",
            "releases_short": "{releases}",
            "releases_pinned_short": "{pinned} only so far",
            "releases_none_short": "not run yet",
            "summary_page": (
                "Claims on this page: {claims}. Checked by an `assert` in the examples beside "
                "them: {asserted}; citing their source: {cited}. Asserted and also covered by a "
                "drift case, a simulated PyTorch change the build is shown to catch: {drift}."
            ),
            "summary_site": (
                "Claims on this site: {claims}. Checked by an `assert` in an example: "
                "{asserted} ({asserted_pct} %); citing their source: {cited}. Asserted and also "
                "covered by a drift case: {drift} ({drift_pct} % of the asserted)."
            ),
            "summary_none": "No sentence of this page carries a claim mark yet.",
            "summary_none_site": "No sentence of the site carries a claim mark yet.",
            "summary_link": "The [claims page]({url}) lists every claim with its proof.",
            "page_counts": (
                "{claims} claims: {asserted} checked by an assert, {cited} cited, {drift} with a "
                "drift case."
            ),
            "sentence": "Claim",
            "proof": "Proof",
            "drift": "Drift cases",
            "runs": "Passes on",
            "no_drift": "no drift case",
            "no_drift_why": " — no release change breaks it alone: ",
            "cited": "Cited:",
        },
        "book": {
            "contents": "Contents",
            "built": (
                "Printed from the site when it was built: PyTorch {torch}, {date}. The web edition: "
                "{url}"
            ),
        },
    },
}


def keys(table: dict, prefix: str = "") -> set[str]:
    """Every key of a language's table, as "group.key"."""
    found = set()
    for key, value in table.items():
        found |= keys(value, f"{prefix}{key}.") if isinstance(value, dict) else {f"{prefix}{key}"}
    return found


def missing(words: dict = WORDS) -> dict[str, list[str]]:
    """language -> the keys another language has and it lacks (empty when every language has every key)."""
    every = set().union(*(keys(table) for table in words.values()))
    return {
        lang: sorted(every - keys(table)) for lang, table in words.items() if every - keys(table)
    }
