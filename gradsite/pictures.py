"""Pictures drawn from the real computation, at build time.

A page shows a picture with a hidden block that names the example it draws:

    ```python exec="on" html="1"
    from gradsite.pictures import graph; graph("snippets/retention/retain_grad.py", "a", "b", "c", "d", alt="...")
    ```

The example runs again (its output is not shown: the visible block beside it
prints that), and the picture is made from the tensors and values it left in
its globals:

* `graph` walks the real `grad_fn` / `next_functions` chain of the named
  tensors. networkx assigns the layers and the order inside them; this module
  only turns that layout into SVG boxes and arrows.
* `plot` draws lists of numbers as lines with matplotlib.

Both return (and print) one `<figure>` holding inline SVG: no file, no
request to any host, colours from the page (currentColor and CSS variables,
see docs/assets/pictures.css), so it reads in the light and the dark scheme.
The SVG is byte-identical on every build: fixed sizes, no ids made at random,
no dates. Words in the picture come from the page (alt text, caption, axis
labels, series names) or from the small LEGEND table below, in the language
being built, so the SVG itself holds only code: op and variable names.
"""

from __future__ import annotations

import functools
import hashlib
import html
import io
import re
import runpy
from contextlib import redirect_stdout
from pathlib import Path

import markdown
import networkx as nx
import torch
from torch.overrides import TorchFunctionMode

from gradsite import execute

__all__ = ["graph", "plot", "graph_svg", "plot_svg"]

# Words a picture needs besides the page's own: the legend of the marks.
LEGEND = {
    "zh": {
        "flow": "箭头：`backward()` 中梯度流动的方向",
        "input": "虚线：不需要梯度的输入，梯度不流向它",
        "retains": "强调色边框：调用过 `retain_grad()` 的非叶子节点",
        "detached": "虚线边框：分离出的张量（与 {source} 共享存储），没有连回原计算图的边",
        "hooked": "粗边框：用 `register_hook()` 注册了钩子的张量，流向它的梯度先经过钩子",
    },
    "en": {
        "flow": "Arrows: the direction gradients flow in `backward()`",
        "input": "Dashed line: an input that needs no gradient; none flows to it",
        "retains": "Accent border: a non-leaf tensor that called `retain_grad()`",
        "detached": "Dashed border: a detached tensor (shares storage with {source}), with no edge back into the graph",
        "hooked": "Thick border: a tensor with a hook from `register_hook()`; the gradient flowing into it passes through the hook",
    },
}

# Sizes of the graph drawing, in CSS pixels of the SVG's own coordinates.
FONT_SIZE = 13
CHAR_WIDTH = 7.8  # a monospace advance at 13px; text is fitted to it with textLength
LINE_HEIGHT = 17
PAD_X, PAD_Y = 10, 6
GAP_X, GAP_Y = 22, 30
ARROW = 7


def _project_path(snippet: str) -> Path:
    """Snippet paths are written as pages include them: relative to the project folder."""
    path = Path(snippet)
    return path if path.is_absolute() else execute.state.root / path


def _language(lang: str | None) -> str:
    lang = lang or execute.state.language
    return lang if lang in LEGEND else "en"


def _inline(text: str) -> str:
    """Inline Markdown (code spans, emphasis, links) for captions and legends."""
    rendered = markdown.markdown(text)
    return rendered.removeprefix("<p>").removesuffix("</p>")


class _InputRecorder(TorchFunctionMode):
    """Records the tensors each autograd node was made from.

    Autograd keeps no trace of an input that needs no gradient (its slot in
    `next_functions` is None), so `b` in `d = c * c * b` would vanish from
    the picture. This only names such inputs; every node and arrow of the
    picture comes from `grad_fn` and `next_functions`.
    """

    def __init__(self) -> None:
        super().__init__()
        self.inputs: dict = {}

    def __torch_function__(self, func, types, args=(), kwargs=None):
        result = func(*args, **(kwargs or {}))
        outputs = result if isinstance(result, (tuple, list)) else (result,)
        given = [a for a in [*args, *(kwargs or {}).values()] if isinstance(a, torch.Tensor)]
        for out in outputs:
            node = out.grad_fn if isinstance(out, torch.Tensor) else None
            if node is not None and node not in self.inputs:
                self.inputs[node] = given
        return result


def run_example(snippet: str, *, record_inputs: bool = False):
    """Run an example as its page does, output discarded; return its globals.

    Without `record_inputs`, the globals of the example's own run earlier in
    this build are reused when its code is unchanged: no second run.
    """
    path = _project_path(snippet)
    kept = execute.state.namespaces.get(snippet)
    if not record_inputs and kept and kept[0].strip() == path.read_text(encoding="utf-8").strip():
        return kept[1], {}
    recorder = _InputRecorder()
    with redirect_stdout(io.StringIO()):
        if record_inputs:
            with recorder:
                namespace = runpy.run_path(str(path), run_name="__main__")
        else:
            namespace = runpy.run_path(str(path), run_name="__main__")
    return namespace, recorder.inputs


# --------------------------------------------------------------------------- graph


def _tensor_names(namespace: dict, names: tuple[str, ...]) -> dict[str, torch.Tensor]:
    if names:
        missing = [n for n in names if not isinstance(namespace.get(n), torch.Tensor)]
        if missing:
            raise KeyError(f"the example has no tensor named {', '.join(missing)}")
        return {n: namespace[n] for n in names}
    chosen: dict[str, torch.Tensor] = {}
    for name, value in namespace.items():  # definition order; the first name of a tensor wins
        if isinstance(value, torch.Tensor) and not name.startswith("_"):
            if all(value is not t for t in chosen.values()):
                chosen[name] = value
    return chosen


def _parameter_names(namespace: dict) -> list[tuple[str, torch.Tensor]]:
    """`model.weight` for the parameters of modules the example named."""
    found = []
    for name, value in namespace.items():
        if isinstance(value, torch.nn.Module):
            found += [(f"{name}.{p}", t) for p, t in value.named_parameters()]
    return found


def _storage(t: torch.Tensor) -> int:
    try:
        return t.untyped_storage().data_ptr()
    except RuntimeError:
        return 0


def _grad_text(t: torch.Tensor) -> str | None:
    """`grad=120` for a scalar whose .grad is kept (reading it must not warn)."""
    if not (t.is_leaf or t.retains_grad) or t.grad is None or t.grad.numel() != 1:
        return None
    return f"grad={t.grad.item():g}"


def build_graph(namespace: dict, inputs: dict, names: tuple[str, ...] = ()) -> nx.MultiDiGraph:
    """The autograd graph of the named tensors, as networkx nodes and edges.

    Edges point the way gradients flow in backward(): from a tensor to its
    grad_fn, from a node to its next_functions, from AccumulateGrad to the leaf
    whose .grad it fills. A named non-leaf tensor sits on the edges into its
    grad_fn, where its gradient is summed (and kept, if it retains grad).
    """
    tensors = _tensor_names(namespace, names)
    named = {id(t): n for n, t in tensors.items()}
    labels = dict(named)
    for name, t in _parameter_names(namespace):
        labels.setdefault(id(t), name)
    G = nx.MultiDiGraph()
    keys: dict[int, str] = {}
    keep = []  # hold every drawn object, so no id() is reused while we work

    def key_of(obj, **attrs) -> str:
        if id(obj) not in keys:
            keys[id(obj)] = f"n{len(keys)}"
            keep.append(obj)
            G.add_node(keys[id(obj)], **attrs)
        return keys[id(obj)]

    def tensor_node(t: torch.Tensor) -> str:
        name = labels.get(id(t)) or f"tensor{tuple(t.shape)}"
        lines = [name]
        classes = ["gs-tensor"]
        if t.is_leaf:
            classes.append("gs-leaf")
            lines.append(f"requires_grad={t.requires_grad}")
        elif t.retains_grad:
            classes.append("gs-retains")
            lines.append("retains_grad=True")
        if t._backward_hooks:  # hooks added by register_hook() and not removed
            classes.append("gs-hooked")
            lines.append(f"hooks={len(t._backward_hooks)}")
        grad = _grad_text(t)
        if grad:
            lines.append(grad)
        return key_of(t, lines=lines, classes=classes)

    # A named non-leaf tensor is the output `output_nr` of its grad_fn.
    outputs = {(id(t.grad_fn), t.output_nr): t for t in tensors.values() if t.grad_fn is not None}

    def node_key(fn) -> str:
        return key_of(fn, lines=[type(fn).__name__], classes=["gs-fn"])

    def target(fn, nr) -> str:
        t = outputs.get((id(fn), nr))
        return tensor_node(t) if t is not None else node_key(fn)

    seen: set[int] = set()
    queue = []
    for t in tensors.values():
        here = tensor_node(t)
        if t.grad_fn is not None:
            G.add_edge(here, node_key(t.grad_fn), kind="flow")
            queue.append(t.grad_fn)
    while queue:
        fn = queue.pop(0)
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        here = node_key(fn)
        variable = getattr(fn, "variable", None)  # AccumulateGrad fills this leaf's .grad
        if isinstance(variable, torch.Tensor):
            G.add_edge(here, tensor_node(variable), kind="flow")
        for nxt, nr in fn.next_functions:
            if nxt is None:
                continue
            G.add_edge(here, target(nxt, nr), kind="flow")
            queue.append(nxt)
        for given in inputs.get(fn, ()):
            if id(given) in named and not given.requires_grad:
                G.add_edge(here, tensor_node(given), kind="input")
    # Tensors that point nowhere but were made from another named one: detached.
    for t in tensors.values():
        if t.grad_fn is not None or not _storage(t):
            continue
        for other_name, other in tensors.items():
            if other is t:
                break  # only a tensor named earlier can be the source
            if _storage(other) == _storage(t) and other.requires_grad:
                node = G.nodes[tensor_node(t)]
                node["classes"] = [*node["classes"], "gs-detached"]
                node["detached_from"] = other_name
                break
    return G


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, line: str, bold: bool) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_fmt(x)}" y="{_fmt(y)}" text-anchor="middle" fill="currentColor"'
        f' font-family="monospace" font-size="{FONT_SIZE}"{weight}'
        f' textLength="{_fmt(len(line) * CHAR_WIDTH)}" lengthAdjust="spacingAndGlyphs">{html.escape(line)}</text>'
    )


def describe(G: nx.MultiDiGraph, x_of: dict) -> str:
    """The edges, top to bottom, in words any reader of code follows: alt text that cannot go stale."""
    def name(node):
        return " ".join(G.nodes[node]["lines"][:2])

    arrows = {"flow": "→", "input": "- -"}
    edges = sorted(G.edges(data=True), key=lambda e: (G.nodes[e[0]]["layer"], x_of[e[0]], x_of[e[1]]))
    return "; ".join(f"{name(u)} {arrows[d['kind']]} {name(v)}" for u, v, d in edges) + "."


def graph_svg(G: nx.MultiDiGraph, alt: str) -> str:
    """Draw a graph from build_graph as inline SVG (layout by networkx)."""
    generations = dict(enumerate(nx.topological_generations(G)))  # lists, in the order of the walk
    for layer, nodes in generations.items():
        for node in nodes:
            G.nodes[node]["layer"] = layer
    # Layers given as lists: a node attribute would be grouped into sets, whose order follows
    # Python's hash seed, and the picture would change from one build to the next.
    order = nx.multipartite_layout(G, subset_key=generations, align="horizontal")
    size = {}
    for node, data in G.nodes(data=True):
        width = max(len(line) for line in data["lines"]) * CHAR_WIDTH + 2 * PAD_X
        size[node] = (width, len(data["lines"]) * LINE_HEIGHT + 2 * PAD_Y)
    layers = sorted({d["layer"] for _, d in G.nodes(data=True)})
    # networkx spaces the nodes of a layer evenly; one unit becomes the widest box plus a gap.
    xs = sorted({round(p[0], 9) for p in order.values()})
    unit = min((b - a for a, b in zip(xs, xs[1:])), default=1.0) or 1.0
    step = max(w for w, _ in size.values()) + GAP_X
    x_of = {n: order[n][0] / unit * step for n in G}
    alt = f"{alt} {describe(G, x_of)}"
    top, y_of = 0.0, {}
    for layer in layers:
        members = [n for n in G if G.nodes[n]["layer"] == layer]
        height = max(size[n][1] for n in members)
        for n in members:
            y_of[n] = top + (height - size[n][1]) / 2
        top += height + GAP_Y
    left = min(x_of[n] - size[n][0] / 2 for n in G) - 2
    right = max(x_of[n] + size[n][0] / 2 for n in G) + 2
    width, height = right - left, top - GAP_Y + 4
    box = {n: (x_of[n] - left - size[n][0] / 2, y_of[n] + 2, *size[n]) for n in G}

    parts = []
    for u, v in sorted({(u, v) for u, v in G.edges()}, key=lambda e: (box[e[0]][1], box[e[0]][0], e)):
        kinds = [d["kind"] for d in G.get_edge_data(u, v).values()]
        ux, uy, uw, uh = box[u]
        vx, vy, vw, _ = box[v]
        cx1, cy1, cx2, cy2 = ux + uw / 2, uy + uh, vx + vw / 2, vy
        span = max(((cx2 - cx1) ** 2 + (cy2 - cy1) ** 2) ** 0.5, 1.0)
        nx_, ny_ = (cy2 - cy1) / span, -(cx2 - cx1) / span  # unit normal of the edge
        for i, kind in enumerate(kinds):
            shift = (i - (len(kinds) - 1) / 2) * 10  # a tensor used twice gets two arrows
            x1, y1 = cx1 + nx_ * shift, cy1 + ny_ * shift
            x2, y2 = cx2 + nx_ * shift, cy2 + ny_ * shift
            if kind == "input":
                parts.append(
                    f'<path class="gs-edge gs-input" d="M{_fmt(x1)} {_fmt(y1)}L{_fmt(x2)} {_fmt(y2)}"'
                    ' fill="none" stroke="currentColor" stroke-dasharray="4 3"/>'
                )
                continue
            length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
            dx, dy = (x2 - x1) / length, (y2 - y1) / length
            bx, by = x2 - dx * ARROW, y2 - dy * ARROW
            head = f"M{_fmt(x2)} {_fmt(y2)}L{_fmt(bx - dy * ARROW / 2)} {_fmt(by + dx * ARROW / 2)}L{_fmt(bx + dy * ARROW / 2)} {_fmt(by - dx * ARROW / 2)}Z"
            parts.append(
                f'<path class="gs-edge" d="M{_fmt(x1)} {_fmt(y1)}L{_fmt(bx)} {_fmt(by)}" fill="none" stroke="currentColor"/>'
                f'<path class="gs-arrow" d="{head}" fill="currentColor"/>'
            )
    for node, data in G.nodes(data=True):
        x, y, w, h = box[node]
        classes = " ".join(["gs-node", *data["classes"]])
        parts.append(f'<g class="{classes}">')
        parts.append(
            f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}" rx="{6 if "gs-fn" in data["classes"] else 2}"'
            ' fill="none" stroke="currentColor"/>'
        )
        for i, line in enumerate(data["lines"]):
            base = y + PAD_Y + (i + 1) * LINE_HEIGHT - 4
            parts.append(_text(x + w / 2, base, line, bold=i == 0 and "gs-tensor" in data["classes"]))
        parts.append("</g>")
    return (
        f'<svg class="gs-graph" role="img" aria-label="{html.escape(alt)}"'
        f' viewBox="0 0 {_fmt(width)} {_fmt(height)}" width="{_fmt(width)}" height="{_fmt(height)}">'
        + "".join(parts)
        + "</svg>"
    )


def _figure(kind: str, svg: str, legend: list[str], caption: str | None) -> str:
    items = "".join(f"<li>{entry}</li>" for entry in legend)
    parts = [f'<figure class="gs-figure gs-{kind}">', f'<div class="gs-picture">{svg}</div>']
    if items:
        parts.append(f'<ul class="gs-legend">{items}</ul>')
    if caption:
        parts.append(f"<figcaption>{_inline(caption)}</figcaption>")
    parts.append("</figure>")
    return "".join(parts)


def graph(snippet: str, *names: str, alt: str, caption: str | None = None, lang: str | None = None) -> str:
    """Print (and return) a <figure> with the autograd graph an example built.

    `names`: the tensors to draw and label, in the order the example made
    them (default: every tensor in its globals). `alt` and `caption` are in
    the page's language; the legend is too (`lang`, default: the language
    being built).
    """
    namespace, inputs = run_example(snippet, record_inputs=True)
    G = build_graph(namespace, inputs, names)
    words = LEGEND[_language(lang)]
    kinds = {d["kind"] for *_, d in G.edges(data=True)}
    classes = {c for _, d in G.nodes(data=True) for c in d["classes"]}
    legend = [_inline(words["flow"])] if "flow" in kinds else []
    if "input" in kinds:
        legend.append(_inline(words["input"]))
    if "gs-retains" in classes:
        legend.append(_inline(words["retains"]))
    if "gs-hooked" in classes:
        legend.append(_inline(words["hooked"]))
    for _, data in G.nodes(data=True):
        if "detached_from" in data:
            legend.append(_inline(words["detached"].format(source=f"`{data['detached_from']}`")))
    figure = _figure("graph", graph_svg(G, alt), legend, caption)
    print(figure)
    return figure


# --------------------------------------------------------------------------- plot

# matplotlib writes colours as literal hex; these stand-ins become page colours.
INK = "#010101"  # text, axes, ticks, grid -> currentColor
SERIES = ["#0000a1", "#0000a2", "#0000a3", "#0000a4"]  # -> var(--gs-series-N)
STYLES = [  # drawn in this order: a wide line under a thin dashed one stays visible
    {"linewidth": 4.0, "alpha": 0.55, "linestyle": "-"},
    {"linewidth": 1.6, "alpha": 1.0, "linestyle": (0, (4, 2)), "marker": "o", "markersize": 3},
    {"linewidth": 1.6, "alpha": 1.0, "linestyle": ":"},
    {"linewidth": 1.6, "alpha": 1.0, "linestyle": "-."},
]
RC = {
    "svg.fonttype": "none",  # the browser draws the digits in the page's font
    "font.family": "DejaVu Sans",  # metrics matplotlib lays text out with; ships with it
    "font.size": 11,
    "text.color": INK,
    "axes.edgecolor": INK,
    "axes.labelcolor": INK,
    "xtick.color": INK,
    "ytick.color": INK,
    "grid.color": INK,
    "grid.alpha": 0.15,
    "figure.facecolor": "none",
    "axes.facecolor": "none",
    "savefig.facecolor": "none",
    "savefig.edgecolor": "none",
    "path.simplify": False,
}


def plot_svg(series: list[tuple[list[float], list[float]]], *, alt: str, salt: str, log_y: bool = False) -> str:
    """Lines drawn by matplotlib as inline SVG, coloured by the page's CSS."""
    frozen = tuple((tuple(xs), tuple(ys)) for xs, ys in series)
    svg = _plot_svg(frozen, salt, log_y)
    return svg.replace("<svg", f'<svg class="gs-plot-svg" role="img" aria-label="{html.escape(alt)}"', 1)


@functools.lru_cache(maxsize=16)
def _plot_svg(series: tuple[tuple[tuple[float, ...], tuple[float, ...]], ...], salt: str, log_y: bool) -> str:
    """The SVG of plot_svg without its words: the same in every language, so drawn once for both."""
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, LogLocator, MaxNLocator, NullFormatter

    with matplotlib.rc_context({**RC, "svg.hashsalt": salt}):
        fig = Figure(figsize=(5.6, 3.0))
        ax = fig.add_subplot()
        for i, (xs, ys) in enumerate(series):
            ax.plot(xs, ys, color=SERIES[i], **STYLES[i])
        if log_y:
            ax.set_yscale("log")
            ax.yaxis.set_major_locator(LogLocator(subs=(1, 2, 5)))
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))  # 0.2, not 2x10^-1
            ax.yaxis.set_minor_formatter(NullFormatter())
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(True, which="major")
        ax.spines[["top", "right"]].set_visible(False)
        fig.tight_layout(pad=0.4)
        # Tick labels are drawn in the page's font, which may be wider than the one
        # matplotlib measured: leave them room on the left.
        fig.subplots_adjust(left=fig.subplotpars.left + 0.04)
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r"\s*<metadata>.*?</metadata>", "", svg, flags=re.S)
    svg = re.sub(r"\s*<style[^>]*>.*?</style>", "", svg, flags=re.S)  # a global `*` rule: moved to pictures.css
    svg = re.sub(r"font-family: [^;\"]*;?\s*", "", svg)
    svg = svg.replace(INK, "currentColor")
    for i, stand_in in enumerate(SERIES):
        svg = svg.replace(stand_in, f"var(--gs-series-{i + 1})")
    # Ids unique to this picture, so two plots on one page never share one.
    prefix = "gs" + hashlib.sha256(salt.encode()).hexdigest()[:8] + "-"
    ids = set(re.findall(r'\bid="([^"]+)"', svg))
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m[1]}"', svg)
    svg = re.sub(r"#([\w.-]+)", lambda m: f"#{prefix}{m[1]}" if m[1] in ids else m[0], svg)
    # Inline SVG in HTML needs no namespace declarations: the picture names no URL at all.
    svg = re.sub(r'\s(?:xmlns(?::xlink)?|width|height|version)="[^"]*"', "", svg[: svg.index(">")]) + svg[svg.index(">") :]
    return svg.strip()


def _significant(value, digits: int = 3) -> float:
    return float(f"{float(value):.{digits}g}")


def plot(
    snippet: str,
    lines: dict[str, str],
    *,
    alt: str,
    x: str | None = None,
    x_label: str = "",
    y_label: str = "",
    log_y: bool = False,
    caption: str | None = None,
) -> str:
    """Print (and return) a <figure> plotting lists of numbers an example made.

    `lines` maps a global of the example (a list of numbers) to its legend
    label, in the page's language; `x` names the global holding the x values
    (default 1, 2, 3, ...); `log_y` draws the y axis on a log scale. Axis labels and legend are HTML beside the SVG, so
    they use the page's fonts and the SVG is the same in every language.
    """
    namespace, _ = run_example(snippet)
    series = []
    for name in lines:
        # 3 significant digits: far below a pixel, and above the rounding-level digits that
        # differ from one CPU to another, so the picture is the same bytes on every machine.
        ys = [_significant(v) for v in namespace[name]]
        xs = [_significant(v) for v in namespace[x]] if x else list(range(1, len(ys) + 1))
        series.append((xs, ys))
    svg = plot_svg(series, alt=alt, salt=f"{snippet}:{','.join(lines)}", log_y=log_y)
    legend = []
    for i, label in enumerate(lines.values()):
        style = STYLES[i]
        dash = style["linestyle"]
        dasharray = {":": "1.5 2", "-.": "5 2 1.5 2"}.get(dash, "") if isinstance(dash, str) else " ".join(map(str, dash[1]))
        swatch = (
            f'<svg class="gs-swatch" viewBox="0 0 28 8" width="28" height="8" aria-hidden="true">'
            f'<line x1="1" y1="4" x2="27" y2="4" style="stroke: var(--gs-series-{i + 1});'
            f' stroke-width: {style["linewidth"]}; stroke-opacity: {style["alpha"]}'
            + (f"; stroke-dasharray: {dasharray}" if dasharray else "")
            + '"/></svg>'
        )
        legend.append(f"{swatch} {_inline(label)}")
    axes = (
        f'<div class="gs-axes"><span class="gs-y-label">{html.escape(y_label)}</span>{svg}'
        f'<span class="gs-x-label">{html.escape(x_label)}</span></div>'
    )
    figure = _figure("plot", axes, legend, caption)
    print(figure)
    return figure
