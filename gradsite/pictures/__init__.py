"""Pictures drawn at build time from what an example's run in the build left in its globals
(figures.py): `graph`, the real `grad_fn` / `next_functions` chain of the named tensors as boxes
and arrows in layers (graphs.py), and `plot`, lists of numbers as lines on axes (plots.py). Each
prints one `<figure>` of inline SVG, byte-identical on every build and machine, holding only code
(op and variable names): its words, the page's or gradsite/words.toml's, are HTML beside it. How a
page uses them, and why this rendering: CONTRIBUTING.md, "Pictures".
"""

from __future__ import annotations

from gradsite.pictures.figures import run_example
from gradsite.pictures.graphs import build_graph, graph
from gradsite.pictures.plots import plot

__all__ = ["build_graph", "graph", "plot", "run_example"]
