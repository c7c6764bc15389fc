"""Pictures drawn at build time from an example's real run: `graph` (graphs.py), `plot` (plots.py);
figures.py takes the run and wraps the SVG. How a page uses them, and why this rendering:
CONTRIBUTING.md, "Pictures".
"""

from __future__ import annotations

from gradsite.pictures.figures import run_example
from gradsite.pictures.graphs import build_graph, graph
from gradsite.pictures.plots import plot

__all__ = ["build_graph", "graph", "plot", "run_example"]
