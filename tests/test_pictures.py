"""Pictures are drawn from the real computation, the same on every build, and self-contained.

The pictures of the site's examples are read from the build (`site`), which drew each from the
example's one run there; the drawing code is tried on small examples of these tests' own, so
that no example of the site runs here again (`make bench`, figure 11b).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

import pytest
from gradsite import pictures
from gradsite.project import ROOT

from sitebuild import forked

LEAVES = "snippets/retention/leaf_and_non_leaf.py"
# The core of LEAVES, as these tests' own example: d = c * c * b and c = a * a * 5.
OWN_LEAVES = """
    import torch

    a = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(3.0)
    c = a * a * 5
    d = c * c * b
"""
FIGURE = re.compile(r'<figure class="gs-figure.*?</figure>', re.S)
SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def _boxes(figure: str, label: str) -> int:
    return len(re.findall(rf">{re.escape(label)}</text>", figure))


def _reaches(G, start, end, *, directed=True) -> bool:
    """Whether a path of edges leads from start to end (either way along an edge if not directed)."""
    seen, todo = {start}, [start]
    while todo:
        node = todo.pop()
        for u, v, _ in G.edges:
            for a, b in [(u, v)] + ([] if directed else [(v, u)]):
                if a == node and b not in seen:
                    seen.add(b)
                    todo.append(b)
    return end in seen


def _graph_of(path, *names, lang="en"):
    return pictures.graph(str(path), *names, alt="alt", lang=lang)


def _built(site, page: str, kind: str = "") -> list[str]:
    """The pictures on one page of the build (`kind`: graph or plot), in page order."""
    return [f for f in FIGURE.findall(site.page(page)) if f"gs-figure gs-{kind}" in f or not kind]


def _own(tmp_path, code: str = OWN_LEAVES, name: str = "leaves.py"):
    example = tmp_path / name
    example.write_text(textwrap.dedent(code), encoding="utf-8")
    return example


def test_graph_is_the_examples_real_graph(site):
    """retention's first picture, drawn in the build from LEAVES' run."""
    for page in ("retention", "en/retention"):
        source = (ROOT / "docs" / page.removeprefix("en/") / "index.en.md").read_text("utf-8")
        assert re.search(r'graph\(\s*"([^"]+)"', source)[1] == LEAVES
        figure = _built(site, page, "graph")[0]
        # d = c * c * b and c = a * a * 5: four multiplications, one AccumulateGrad for a.
        assert _boxes(figure, "MulBackward0") == 4
        assert _boxes(figure, "AccumulateGrad") == 1
        for name in "abcd":
            assert f">{name}</text>" in figure
        assert ">requires_grad=False</text>" in figure  # b, an input autograd does not track
        assert "gs-input" in figure and "gs-retains" not in figure


def test_changing_the_example_changes_the_picture(tmp_path, capsys):
    example = _own(tmp_path)
    before = _graph_of(example, "a", "b", "c", "d")
    assert capsys.readouterr().out.strip() == before  # printed for the page, too
    example.write_text(example.read_text().replace("d = c * c * b", "d = c * b"), encoding="utf-8")
    after = _graph_of(example, "a", "b", "c", "d")
    assert before != after
    assert (_boxes(before, "MulBackward0"), _boxes(after, "MulBackward0")) == (4, 3)


def test_retain_grad_is_marked_with_the_kept_gradients(site):
    """retention's second picture, drawn in the build from retain_grad.py's run."""
    figure = _built(site, "en/retention", "graph")[1]
    assert figure.count('class="gs-node gs-tensor gs-retains"') == 2  # c and d
    for text in ("grad=2400", "grad=120", "grad=1", "retains_grad=True"):
        assert f">{text}</text>" in figure


DETACH = """
    import torch

    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x.sigmoid()
    z = y.detach()
    z.requires_grad_(True)
    w = (z * 3).sum()
    print(z.is_leaf)
    assert z.is_leaf
"""


def test_a_detached_tensor_is_marked_and_cut_off(tmp_path):
    example = tmp_path / "detach.py"
    example.write_text(textwrap.dedent(DETACH), encoding="utf-8")
    namespace, inputs = pictures.run_example(str(example), record_inputs=True)
    G = pictures.build_graph(namespace, inputs, ("x", "y", "z", "w"))
    node = {d["lines"][0]: n for n, d in G.nodes.items() if "gs-tensor" in d["classes"]}
    assert G.nodes[node["z"]]["detached_from"] == "y"
    assert "gs-detached" in G.nodes[node["z"]]["classes"]
    assert "gs-detached" not in G.nodes[node["y"]]["classes"]
    # The cut: nothing joins z's graph to the graph of x and y.
    assert not _reaches(G, node["z"], node["y"], directed=False)
    assert _reaches(G, node["w"], node["z"]) and _reaches(G, node["y"], node["x"])
    figure = pictures.graph(str(example), "x", "y", "z", "w", alt="alt", lang="zh")
    assert "与 <code>y</code> 共享存储" in figure  # the legend names the source, in Chinese


COUNTED = """
    import torch

    with open("runs.txt", "a") as runs:
        runs.write("ran\\n")
    a = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(3.0)
    c = a * b
"""


@pytest.mark.parametrize("drawn", [True, False])
def test_a_graph_draws_its_example_s_one_run_in_the_build(tmp_path, monkeypatch, drawn):
    """A page's graph names its example (`graph("snippets/...")`): the hooks have the runner
    record that example's inputs in its one run (`record_drawn`), and the graph reuses it. A
    graph the hooks were not told of runs its example a second time (the control)."""
    from gradsite import runner
    from gradsite.pictures.figures import record_drawn

    monkeypatch.chdir(tmp_path)
    (tmp_path / "snippets").mkdir()
    example = tmp_path / "snippets" / "counted.py"
    example.write_text(textwrap.dedent(COUNTED), encoding="utf-8")
    context = runner.Context(root=tmp_path, page="demo.zh.md", language="zh")
    if drawn:
        record_drawn(['graph(\n    "snippets/counted.py", "a", "b", "c", alt="a")'], context)
    code = example.read_text(encoding="utf-8")
    runner.run_python(code, context, snippet="snippets/counted.py")
    with runner.telling(context):
        figure = pictures.graph("snippets/counted.py", "a", "b", "c", alt="alt", lang="en")
    assert ">requires_grad=False</text>" in figure  # b: an input only the recorder sees
    runs = (tmp_path / "runs.txt").read_text(encoding="utf-8").count("ran")
    assert runs == (1 if drawn else 2), runs


def test_an_unknown_name_is_a_clear_error(tmp_path):
    with pytest.raises(KeyError, match="no tensor named zz"):
        _graph_of(_own(tmp_path), "a", "zz")


GRAPH = """
import sys
from gradsite.pictures import graph
graph(sys.argv[1], "a", "b", "c", "d", alt="alt", lang="en")
"""


@pytest.mark.slow
def test_graphs_are_identical_whatever_the_hash_seed(tmp_path):
    """Set and dict orders of strings change with PYTHONHASHSEED; the picture must not."""
    example = _own(tmp_path)
    processes = [  # side by side
        subprocess.Popen(
            [sys.executable, "-c", GRAPH, str(example)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
        )
        for seed in range(2)
    ]
    runs = [process.communicate(timeout=300)[0] for process in processes]
    assert [process.returncode for process in processes] == [0, 0]
    assert runs[0] and runs[0] == runs[1]


def test_plots_draw_in_the_pages_colours_and_fonts(site):
    """Every colour is the text's (currentColor) or a series' (var(--gs-series-N), light and dark
    in docs/assets/pictures.css), and no font is named: text is drawn in the page's font. That two
    processes draw the same bytes is tests/test_reproducible.py's comparison of two builds."""
    plots = _built(site, "accumulation", "plot")
    assert len(plots) >= 2
    for figure in plots:
        svg = SVG.search(figure)[0]
        colours = re.findall(r'(?:fill|stroke)(?:="|: )([^";]+)', svg)
        assert {"currentColor", "var(--gs-series-1)", "var(--gs-series-2)"} <= set(colours)
        assert set(colours) <= {"none", "currentColor", "var(--gs-series-1)", "var(--gs-series-2)"}
        assert "font-family" not in svg and "<style" not in svg and "#" not in svg


PLOTTED = """
steps = [1, 2, 4, 8]
losses = [4.0, 2.0, 1.0, 0.25]
"""


def _plot_of(tmp_path, code, **options):
    example = tmp_path / "numbers.py"
    example.write_text(textwrap.dedent(code), encoding="utf-8")
    return SVG.search(pictures.plot(str(example), {"losses": "loss"}, alt="alt", **options))[0]


def test_a_plot_draws_the_examples_numbers(tmp_path, capsys):
    svg = _plot_of(tmp_path, PLOTTED, x="steps", log_y=True)
    (points,) = re.findall(r'class="gs-series" d="([^"]+)"', svg)
    xy = [tuple(map(float, p.split())) for p in points.removeprefix("M").split("L")]
    assert len(xy) == 4
    # x: 1, 2, 4, 8 evenly apart as numbers; y: halving is the same step down on a log axis,
    # except the last (a quarter).
    gaps = [b[0] - a[0] for a, b in zip(xy, xy[1:])]
    assert gaps[1] == pytest.approx(2 * gaps[0], abs=0.5)
    assert gaps[2] == pytest.approx(4 * gaps[0], abs=0.5)
    drops = [b[1] - a[1] for a, b in zip(xy, xy[1:])]
    assert drops[0] == pytest.approx(drops[1], abs=0.5) and drops[2] == pytest.approx(
        2 * drops[0], abs=0.5
    )
    labels = re.findall(r">([^<]+)</text>", svg)
    assert labels == ["1", "2", "3", "4", "5", "6", "7", "8", "0.5", "1", "2"]  # 0.5, not 5x10^-1
    linear = _plot_of(tmp_path, PLOTTED.replace("4.0", "3.5"))
    assert re.findall(r">([^<]+)</text>", linear) == (
        ["1", "2", "3", "4"] + ["0.5", "1.0", "1.5", "2.0", "2.5", "3.0", "3.5"]
    )  # x: 1, 2, 3, ... by default, whole numbers; y: as many decimals as the step needs
    capsys.readouterr()


def test_plot_coordinates_have_one_decimal_at_most(tmp_path, capsys):
    """Rounding-level digits differ from one CPU to another: positions are written at a tenth of a
    unit, far below a pixel, so the bytes are the same on every machine."""
    svg = _plot_of(tmp_path, "import math\nlosses = [math.pi / k for k in range(1, 30)]\n")
    capsys.readouterr()
    places = re.findall(r'\b(?:d|x|y|cx|cy|viewBox)="([^"]+)"', svg)
    numbers = [n for place in places for n in re.findall(r"\d+(?:\.\d+)?", place)]
    assert len(numbers) > 100
    assert all(len(n.partition(".")[2]) <= 1 for n in numbers), sorted(numbers, key=len)[-3:]
    assert "3.1416" not in svg


def test_log_y_refuses_numbers_it_cannot_draw(tmp_path, capsys):
    with pytest.raises(ValueError, match="positive numbers only"):
        _plot_of(tmp_path, PLOTTED.replace("0.25", "0.0"), log_y=True)


def test_pictures_name_no_url(site):
    """Every picture of every page, graphs and plots."""
    figures = [
        f for p in site.site.rglob("index.html") for f in FIGURE.findall(p.read_text("utf-8"))
    ]
    assert {"graph", "plot"} <= {re.search(r"gs-figure gs-(\w+)", f)[1] for f in figures}
    for figure in figures:
        assert not re.search(r"https?:|//|\bhref=\"(?!#)|url\((?!#)", figure), figure[:500]
        assert "<img" not in figure and "<script" not in figure


# --------------------------------------------------------------------------- on the built page


def test_two_builds_give_identical_pictures(site, later):
    for page in ("retention", "en/retention"):
        first, second = (FIGURE.findall(b.page(page)) for b in (site, later))
        assert len(first) >= 2
        assert first == second


def test_pictures_share_no_id_with_the_page_and_point_only_inside_themselves(site):
    """A picture may name an id (a clip path, a marker) only once on its page, and refers only to
    ids inside itself: two plots on one page, or a plot and Material's page, never clash."""
    pages = [p for p in site.site.rglob("index.html") if "gs-figure" in p.read_text("utf-8")]
    assert len(pages) >= 6  # retention, detach and accumulation, in both languages
    for page in pages:
        text = page.read_text("utf-8")
        everywhere = re.findall(r'\bid="([^"]+)"', text)
        for figure in FIGURE.findall(text):
            ids = re.findall(r'\bid="([^"]+)"', figure)
            assert all(everywhere.count(i) == 1 for i in ids), (page, ids)
            for ref in re.findall(r'(?:href="|url\()#([\w.-]+)', figure):
                assert ref in ids, (page, ref)


def test_figures_carry_alt_text_in_the_pages_language(site):
    zh, en = (FIGURE.findall(site.page(p)) for p in ("retention", "en/retention"))
    assert 'aria-label="上面例子的计算图' in zh[0] and "中梯度流动的方向" in zh[0]
    assert (
        'aria-label="The graph of the example above' in en[0]
        and "direction gradients flow" in en[0]
    )
    # The SVG proper is the same: only the words around it differ.
    strip = lambda f: re.sub(r'aria-label="[^"]*"', "", SVG.search(f)[0])  # noqa: E731
    assert strip(zh[0]) == strip(en[0])
    assert all("<pre" not in f for f in zh + en)  # the zh/en parity check compares <pre> only


def test_the_page_picture_follows_an_edited_example(tmp_path):
    """Edit only an example: the picture a page's block draws of it changes, and only that block
    runs again (the runner keys a block by the files it names). A page's blocks, as the site's
    pages write them, on two small examples of this test's own."""
    (tmp_path / "snippets").mkdir()
    _own(tmp_path / "snippets", name="one.py")
    _own(tmp_path / "snippets", OWN_LEAVES.replace("d = c * c * b", "d = c * b"), "two.py")
    blocks = [
        f'from gradsite.pictures import graph\ngraph("snippets/{name}", "a", "b", "c", "d", alt="a")'
        for name in ("one.py", "two.py")
    ]

    def draw_edit_draw():
        from gradsite import runner

        os.chdir(tmp_path)
        build = runner.Context(root=tmp_path, page="demo.en.md", language="en")
        before = [runner.run_python(code, build) for code in blocks]
        ran = build.executions
        example = tmp_path / "snippets" / "one.py"
        example.write_text(
            example.read_text(encoding="utf-8").replace("d = c * c * b", "d = c * c"),
            encoding="utf-8",
        )
        after = [runner.run_python(code, build) for code in blocks]
        return before, after, build.executions - ran

    before, after, ran_again = forked(draw_edit_draw)
    assert before[0] != after[0]
    assert (_boxes(before[0], "MulBackward0"), _boxes(after[0], "MulBackward0")) == (4, 3)
    assert before[1] == after[1]  # drawn from two.py, which did not change
    assert ran_again == 1  # only the edited example's picture was drawn again
