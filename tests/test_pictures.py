"""Pictures are drawn from the real computation, the same on every build, and self-contained."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

import networkx as nx
import pytest
from gradsite import pictures
from gradsite.project import FENCE, ROOT

from sitebuild import copy_project, forked

LEAVES = "snippets/retention/leaf_and_non_leaf.py"
FIGURE = re.compile(r'<figure class="gs-figure.*?</figure>', re.S)
SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def _boxes(figure: str, label: str) -> int:
    return len(re.findall(rf">{re.escape(label)}</text>", figure))


def _graph_of(path, *names, lang="en"):
    return pictures.graph(str(path), *names, alt="alt", lang=lang)


def test_graph_is_the_examples_real_graph(capsys):
    figure = _graph_of(LEAVES, "a", "b", "c", "d")
    assert capsys.readouterr().out.strip() == figure  # printed for the page, too
    # d = c * c * b and c = a * a * 5: four multiplications, one AccumulateGrad for a.
    assert _boxes(figure, "MulBackward0") == 4
    assert _boxes(figure, "AccumulateGrad") == 1
    for name in "abcd":
        assert f">{name}</text>" in figure
    assert ">requires_grad=False</text>" in figure  # b, an input autograd does not track
    assert "gs-input" in figure and "gs-retains" not in figure


def test_changing_the_example_changes_the_picture(tmp_path):
    original = (ROOT / LEAVES).read_text(encoding="utf-8")
    assert "d = c * c * b" in original
    changed = tmp_path / "leaf_and_non_leaf.py"
    changed.write_text(original.replace("d = c * c * b", "d = c * b"), encoding="utf-8")
    before, after = (
        _graph_of(ROOT / LEAVES, "a", "b", "c", "d"),
        _graph_of(changed, "a", "b", "c", "d"),
    )
    assert before != after
    assert (_boxes(before, "MulBackward0"), _boxes(after, "MulBackward0")) == (4, 3)


def test_retain_grad_is_marked_with_the_kept_gradients():
    figure = _graph_of("snippets/retention/retain_grad.py", "a", "b", "c", "d")
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
    node = {d["lines"][0]: n for n, d in G.nodes(data=True) if "gs-tensor" in d["classes"]}
    assert G.nodes[node["z"]]["detached_from"] == "y"
    assert "gs-detached" in G.nodes[node["z"]]["classes"]
    assert "gs-detached" not in G.nodes[node["y"]]["classes"]
    # The cut: nothing joins z's graph to the graph of x and y.
    assert not nx.has_path(G.to_undirected(as_view=True), node["z"], node["y"])
    assert nx.has_path(G, node["w"], node["z"]) and nx.has_path(G, node["y"], node["x"])
    figure = pictures.graph(str(example), "x", "y", "z", "w", alt="alt", lang="zh")
    assert "与 <code>y</code> 共享存储" in figure  # the legend names the source, in Chinese


def test_an_unknown_name_is_a_clear_error():
    with pytest.raises(KeyError, match="no tensor named zz"):
        _graph_of(LEAVES, "a", "zz")


GRAPH = """
import sys
from gradsite.pictures import graph
graph(sys.argv[1], "a", "b", "c", "d", alt="alt", lang="en")
"""


@pytest.mark.slow
def test_graphs_are_identical_whatever_the_hash_seed():
    """Set and dict orders of strings change with PYTHONHASHSEED; the picture must not."""
    processes = [  # side by side
        subprocess.Popen(
            [sys.executable, "-c", GRAPH, LEAVES],
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


@pytest.mark.parametrize("example", ["loss_curves.py", "loss_curves_batchnorm.py"])
def test_plots_are_self_contained(example, capsys):
    """Plots use the page's colours and fonts. That two processes draw the same bytes is
    tests/test_reproducible.py's byte-for-byte comparison of two builds (the plots are on the pages)."""
    here = pictures.plot(
        f"snippets/accumulation/{example}",
        {"full_batch_losses": "full", "accumulated_losses": "accumulated"},
        alt="alt",
        log_y=True,
    )
    capsys.readouterr()
    svg = SVG.search(here)[0]
    assert "var(--gs-series-2)" in svg
    assert "<metadata" not in svg and "<style" not in svg and "font-family" not in svg


def test_plot_ids_are_unique_to_each_picture():
    one = pictures.plot("snippets/accumulation/loss_curves.py", {"full_batch_losses": "x"}, alt="a")
    two = pictures.plot(
        "snippets/accumulation/loss_curves_batchnorm.py", {"full_batch_losses": "x"}, alt="a"
    )
    ids_one = set(re.findall(r'\bid="([^"]+)"', one))
    ids_two = set(re.findall(r'\bid="([^"]+)"', two))
    assert ids_one and ids_two and not ids_one & ids_two
    for ref in re.findall(r"#([\w.-]+)", one):  # every reference points inside the same picture
        assert ref in ids_one


@pytest.mark.parametrize("kind", ["graph", "plot"])
def test_pictures_name_no_url(kind):
    if kind == "graph":
        figure = _graph_of("snippets/retention/retain_grad.py")
    else:
        figure = pictures.plot(
            "snippets/accumulation/loss_curves.py", {"full_batch_losses": "x"}, alt="a"
        )
    assert not re.search(r"https?:|//|\bhref=\"(?!#)|url\((?!#)", figure), figure[:500]
    assert "<img" not in figure and "<script" not in figure


# --------------------------------------------------------------------------- on the built page


def test_two_builds_give_identical_pictures(site, later):
    for page in ("retention", "en/retention"):
        first, second = (FIGURE.findall(b.page(page)) for b in (site, later))
        assert len(first) >= 2
        assert first == second


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
    """Edit only the example, in a copy of the project: the picture the page's block draws changes,
    and only that block runs again (the runner keys a block by the files it names)."""
    project = copy_project(tmp_path / "project")
    page = (project / "docs/retention/index.en.md").read_text(encoding="utf-8")
    blocks = [m["body"] for m in FENCE.finditer(page) if "gradsite.pictures" in m["body"]]

    def draw_edit_draw():
        from gradsite import execute

        build = execute.Context(root=project, page="retention/index.en.md", language="en")
        before = [execute.run_python(code, build) for code in blocks]
        ran = build.executions
        example = project / LEAVES
        example.write_text(
            example.read_text(encoding="utf-8").replace("d = c * c * b", "d = c * b"),
            encoding="utf-8",
        )
        after = [execute.run_python(code, build) for code in blocks]
        return before, after, build.executions - ran

    before, after, ran_again = forked(draw_edit_draw)
    assert before[0] != after[0]
    assert (_boxes(before[0], "MulBackward0"), _boxes(after[0], "MulBackward0")) == (4, 3)
    assert before[1] == after[1]  # drawn from retain_grad.py, which did not change
    assert ran_again == 1  # only the edited example's picture was drawn again
