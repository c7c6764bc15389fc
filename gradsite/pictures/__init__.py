"""Pictures drawn from the real computation, at build time: a hidden block of a page names the
example it draws, and the picture is made from what the example's run in the build left in its
globals (figures.py; a graph also from the inputs that run recorded). `graph` draws the real
`grad_fn` / `next_functions` chain of the named tensors as boxes and arrows in layers
(graphs.py), `plot` lists of numbers as lines on axes (plots.py).

Both print one `<figure>` of inline SVG, byte-identical on every build and machine, that holds
only code (op and variable names): its words are the page's or gradsite/words.toml's, in HTML
beside it. How a page uses them, and why this rendering: CONTRIBUTING.md, "Pictures".
"""

from __future__ import annotations

from gradsite.pictures.figures import run_example
from gradsite.pictures.graphs import build_graph, graph, graph_svg
from gradsite.pictures.plots import plot, plot_svg

__all__ = ["build_graph", "graph", "graph_svg", "plot", "plot_svg", "run_example"]
