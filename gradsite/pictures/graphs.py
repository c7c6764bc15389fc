"""Autograd graphs drawn from an example's real run (pages call `graph` through
gradsite/pictures/): the walk of the named tensors' `grad_fn` / `next_functions` chain
(`build_graph`), its layers (`_layers`), and SVG boxes and arrows (`graph_svg`)."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import torch

from gradsite.pictures.figures import figure_html, inline, language, number, run_example
from gradsite.words import WORDS

# Sizes of the graph drawing, in CSS pixels of the SVG's own coordinates.
FONT_SIZE = 13
CHAR_WIDTH = 7.8  # a monospace advance at 13px; text is fitted to it with textLength
LINE_HEIGHT = 17
PAD_X, PAD_Y = 10, 6
GAP_X, GAP_Y = 22, 30
ARROW = 7
# The legend's lines (gradsite/words.toml), each shown when the edge kind or class it explains is drawn.
LEGEND = {"flow": "flow", "input": "input", "retains": "gs-retains", "hooked": "gs-hooked"}


def _tensor_names(namespace: dict, names: tuple[str, ...]) -> dict[str, torch.Tensor]:
    if names:
        missing = [n for n in names if not isinstance(namespace.get(n), torch.Tensor)]
        if missing:
            raise KeyError(f"the example has no tensor named {', '.join(missing)}")
        return {n: namespace[n] for n in names}
    chosen: dict[str, torch.Tensor] = {}
    for name, value in namespace.items():  # definition order; the first name of a tensor wins
        tensor = isinstance(value, torch.Tensor) and not name.startswith("_")
        if tensor and all(value is not t for t in chosen.values()):
            chosen[name] = value
    return chosen


def _storage(t: torch.Tensor) -> int:
    try:
        return t.untyped_storage().data_ptr()
    except RuntimeError:
        return 0


@dataclass
class Graph:
    """Nodes (key -> lines, classes, ...) and edges (source, target, kind), in the order met."""

    nodes: dict[str, dict] = field(default_factory=dict)
    edges: list[tuple[str, str, str]] = field(default_factory=list)


class _Walk:
    """Nodes and edges of one autograd graph, added as the walk meets them."""

    def __init__(self, namespace: dict, inputs: dict, names: tuple[str, ...]) -> None:
        self.tensors = _tensor_names(namespace, names)
        self.named = {id(t): n for n, t in self.tensors.items()}
        self.labels = dict(self.named)
        for name, value in namespace.items():  # `model.weight`: a module the example named
            if isinstance(value, torch.nn.Module):
                for parameter, t in value.named_parameters():
                    self.labels.setdefault(id(t), f"{name}.{parameter}")
        self.inputs = inputs
        self.G = Graph()
        self.keys: dict[int, str] = {}
        self.keep: list = []  # hold every drawn object, so no id() is reused while we work
        # A named non-leaf tensor is the output `output_nr` of its grad_fn.
        self.outputs = {
            (id(t.grad_fn), t.output_nr): t for t in self.tensors.values() if t.grad_fn is not None
        }

    def key_of(self, obj, **attrs) -> str:
        if id(obj) not in self.keys:
            self.keys[id(obj)] = f"n{len(self.keys)}"
            self.keep.append(obj)
            self.G.nodes[self.keys[id(obj)]] = attrs
        return self.keys[id(obj)]

    def tensor(self, t: torch.Tensor) -> str:
        lines, classes = [self.labels.get(id(t)) or f"tensor{tuple(t.shape)}"], ["gs-tensor"]
        if t.is_leaf:
            classes.append("gs-leaf")
            lines.append(f"requires_grad={t.requires_grad}")
        elif t.retains_grad:
            classes.append("gs-retains")
            lines.append("retains_grad=True")
        if t._backward_hooks:  # hooks added by register_hook() and not removed
            classes.append("gs-hooked")
            lines.append(f"hooks={len(t._backward_hooks)}")
        # A scalar's kept .grad (reading any other's would warn): grad=120
        if (t.is_leaf or t.retains_grad) and t.grad is not None and t.grad.numel() == 1:
            lines.append(f"grad={t.grad.item():g}")
        return self.key_of(t, lines=lines, classes=classes)

    def function(self, fn) -> str:
        return self.key_of(fn, lines=[type(fn).__name__], classes=["gs-fn"])

    def target(self, fn, nr) -> str:
        t = self.outputs.get((id(fn), nr))
        return self.tensor(t) if t is not None else self.function(fn)

    def backward_edges(self) -> None:
        """From each named tensor down its grad_fn chain, breadth first."""
        seen: set[int] = set()
        queue = []
        for t in self.tensors.values():
            here = self.tensor(t)
            if t.grad_fn is not None:
                self.G.edges.append((here, self.function(t.grad_fn), "flow"))
                queue.append(t.grad_fn)
        while queue:
            fn = queue.pop(0)
            if id(fn) in seen:
                continue
            seen.add(id(fn))
            here = self.function(fn)
            variable = getattr(fn, "variable", None)  # AccumulateGrad fills this leaf's .grad
            if isinstance(variable, torch.Tensor):
                self.G.edges.append((here, self.tensor(variable), "flow"))
            for nxt, nr in fn.next_functions:
                if nxt is None:
                    continue
                self.G.edges.append((here, self.target(nxt, nr), "flow"))
                queue.append(nxt)
            for given in self.inputs.get(fn, ()):
                if id(given) in self.named and not given.requires_grad:
                    self.G.edges.append((here, self.tensor(given), "input"))

    def detached(self) -> None:
        """Tensors that point nowhere but share storage with one named earlier that requires grad."""
        for t in self.tensors.values():
            if t.grad_fn is not None or not _storage(t):
                continue
            for other_name, other in self.tensors.items():
                if other is t:
                    break  # only a tensor named earlier can be the source
                if _storage(other) == _storage(t) and other.requires_grad:
                    node = self.G.nodes[self.tensor(t)]
                    node["classes"] = [*node["classes"], "gs-detached"]
                    node["detached_from"] = other_name
                    break


def build_graph(namespace: dict, inputs: dict, names: tuple[str, ...] = ()) -> Graph:
    """The autograd graph of the named tensors, edges the way gradients flow in backward(): tensor
    to grad_fn, node to next_functions, AccumulateGrad to the leaf whose .grad it fills. A named
    non-leaf sits on the edges into its grad_fn, where its gradient is summed (and kept, if it
    retains grad)."""
    walk = _Walk(namespace, inputs, names)
    walk.backward_edges()
    walk.detached()
    return walk.G


def _text(x: float, y: float, line: str, bold: bool) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{number(x)}" y="{number(y)}" text-anchor="middle" fill="currentColor"'
        f' font-family="monospace" font-size="{FONT_SIZE}"{weight}'
        f' textLength="{number(len(line) * CHAR_WIDTH)}" lengthAdjust="spacingAndGlyphs">{html.escape(line)}</text>'
    )


def describe(G: Graph, x_of: dict) -> str:
    """The edges, top to bottom, in words any reader of code follows: alt text that cannot go stale."""

    def name(node):
        return " ".join(G.nodes[node]["lines"][:2])

    arrows = {"flow": "→", "input": "- -"}
    edges = sorted(G.edges, key=lambda e: (G.nodes[e[0]]["layer"], x_of[e[0]], x_of[e[1]]))
    return "; ".join(f"{name(u)} {arrows[kind]} {name(v)}" for u, v, kind in edges) + "."


def _layers(G: Graph) -> dict[str, float]:
    """Give each node its layer, and return its place in the layer (node -> x, 1 between neighbours).

    The layers are the topological generations: the nodes no edge points to, then those whose
    every incoming edge comes from the layers above. Each layer keeps the order the walk met its
    nodes in (a set's would follow Python's hash seed and change from build to build), centred."""
    waiting = dict.fromkeys(G.nodes, 0)  # incoming edges from nodes not yet placed
    below: dict[str, list[str]] = {node: [] for node in G.nodes}
    for u, v in dict.fromkeys((u, v) for u, v, _ in G.edges):
        below[u].append(v)
        waiting[v] += 1
    place: dict[str, float] = {}
    layer, depth = [node for node in G.nodes if not waiting[node]], 0
    while layer:
        following = []
        for i, node in enumerate(layer):
            G.nodes[node]["layer"] = depth
            place[node] = i - (len(layer) - 1) / 2
            for v in below[node]:
                waiting[v] -= 1
                if not waiting[v]:
                    following.append(v)
        layer, depth = following, depth + 1
    return place


def _boxes(G: Graph, place: dict) -> tuple[dict, dict, float, float]:
    """x of each node's centre, its box (x, y, width, height), and the drawing's width, height."""
    size = {}
    for node, data in G.nodes.items():
        width = max(len(line) for line in data["lines"]) * CHAR_WIDTH + 2 * PAD_X
        size[node] = (width, len(data["lines"]) * LINE_HEIGHT + 2 * PAD_Y)
    layers = sorted({d["layer"] for d in G.nodes.values()})
    # The smallest gap between two places (a half where layers of odd and even size meet)
    # becomes the widest box plus a gap: every box sits on the same grid.
    xs = sorted(set(place.values()))
    unit = min((b - a for a, b in zip(xs, xs[1:])), default=1.0)
    step = max(w for w, _ in size.values()) + GAP_X
    x_of = {n: place[n] / unit * step for n in G.nodes}
    top, y_of = 0.0, {}
    for layer in layers:
        members = [n for n in G.nodes if G.nodes[n]["layer"] == layer]
        height = max(size[n][1] for n in members)
        for n in members:
            y_of[n] = top + (height - size[n][1]) / 2
        top += height + GAP_Y
    left = min(x_of[n] - size[n][0] / 2 for n in G.nodes) - 2
    right = max(x_of[n] + size[n][0] / 2 for n in G.nodes) + 2
    box = {n: (x_of[n] - left - size[n][0] / 2, y_of[n] + 2, *size[n]) for n in G.nodes}
    return x_of, box, right - left, top - GAP_Y + 4


def _edge_svg(kind: str, x1: float, y1: float, x2: float, y2: float) -> str:
    """One edge: a dashed line for an input, else a line and its arrowhead."""
    if kind == "input":
        return (
            f'<path class="gs-edge gs-input" d="M{number(x1)} {number(y1)}L{number(x2)} {number(y2)}"'
            ' fill="none" stroke="currentColor" stroke-dasharray="4 3"/>'
        )
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    bx, by = x2 - dx * ARROW, y2 - dy * ARROW
    half = ARROW / 2
    head = (
        f"M{number(x2)} {number(y2)}L{number(bx - dy * half)} {number(by + dx * half)}"
        f"L{number(bx + dy * half)} {number(by - dx * half)}Z"
    )
    return (
        f'<path class="gs-edge" d="M{number(x1)} {number(y1)}L{number(bx)} {number(by)}"'
        ' fill="none" stroke="currentColor"/>'
        f'<path class="gs-arrow" d="{head}" fill="currentColor"/>'
    )


def _edges_svg(G: Graph, box: dict) -> list[str]:
    """Every edge, from the bottom of its source box to the top of its target's."""
    kinds_of: dict[tuple[str, str], list[str]] = {}
    for u, v, kind in G.edges:
        kinds_of.setdefault((u, v), []).append(kind)
    parts = []
    for u, v in sorted(kinds_of, key=lambda uv: (box[uv[0]][1], box[uv[0]][0], uv)):
        kinds = kinds_of[u, v]
        ux, uy, uw, uh = box[u]
        vx, vy, vw, _ = box[v]
        cx1, cy1, cx2, cy2 = ux + uw / 2, uy + uh, vx + vw / 2, vy
        span = max(((cx2 - cx1) ** 2 + (cy2 - cy1) ** 2) ** 0.5, 1.0)
        nx, ny = (cy2 - cy1) / span, -(cx2 - cx1) / span  # unit normal of the edge
        for i, kind in enumerate(kinds):
            s = (i - (len(kinds) - 1) / 2) * 10  # a tensor used twice gets two arrows
            parts.append(_edge_svg(kind, cx1 + nx * s, cy1 + ny * s, cx2 + nx * s, cy2 + ny * s))
    return parts


def _nodes_svg(G: Graph, box: dict) -> list[str]:
    """Every node: its box (rounded for an autograd node) and its lines of text."""
    parts = []
    for node, data in G.nodes.items():
        x, y, w, h = box[node]
        classes = " ".join(["gs-node", *data["classes"]])
        parts.append(f'<g class="{classes}">')
        parts.append(
            f'<rect x="{number(x)}" y="{number(y)}" width="{number(w)}" height="{number(h)}"'
            f' rx="{6 if "gs-fn" in data["classes"] else 2}" fill="none" stroke="currentColor"/>'
        )
        bold = "gs-tensor" in data["classes"]  # a tensor's name, its first line
        for i, line in enumerate(data["lines"]):
            base = y + PAD_Y + (i + 1) * LINE_HEIGHT - 4
            parts.append(_text(x + w / 2, base, line, bold=bold and i == 0))
        parts.append("</g>")
    return parts


def graph_svg(G: Graph, alt: str) -> str:
    """Draw a graph from build_graph as inline SVG."""
    x_of, box, width, height = _boxes(G, _layers(G))
    alt = f"{alt} {describe(G, x_of)}"
    return (
        f'<svg class="gs-graph" role="img" aria-label="{html.escape(alt)}"'
        f' viewBox="0 0 {number(width)} {number(height)}" width="{number(width)}" height="{number(height)}">'
        + "".join(_edges_svg(G, box) + _nodes_svg(G, box))
        + "</svg>"
    )


def graph(
    snippet: str, *names: str, alt: str, caption: str | None = None, lang: str | None = None
) -> str:
    """Print (and return) a <figure> of the autograd graph an example built (CONTRIBUTING.md,
    "Pictures"); the legend is in `lang`, default the language being built."""
    namespace, inputs = run_example(snippet, record_inputs=True)
    G = build_graph(namespace, inputs, names)
    words = WORDS[language(lang)]["picture"]
    drawn = {kind for *_, kind in G.edges} | {c for n in G.nodes.values() for c in n["classes"]}
    legend = [inline(words[key]) for key, seen in LEGEND.items() if seen in drawn]
    for data in G.nodes.values():
        if "detached_from" in data:
            legend.append(inline(words["detached"].format(source=f"`{data['detached_from']}`")))
    figure = figure_html("graph", graph_svg(G, alt), legend, caption)
    print(figure)
    return figure
