"""Pictures drawn from the real computation, at build time.

A page shows a picture with a hidden block that names the example it draws:

    ```python exec="on" html="1"
    from gradsite.pictures import graph; graph("snippets/retention/retain_grad.py", "a", "b", "c", "d", alt="...")
    ```

The example runs again (its output is not shown: the visible block beside it
prints that), and the picture is made from the tensors and values it left in
its globals:

* `graph` walks the real `grad_fn` / `next_functions` chain of the named
  tensors and draws it in layers, as boxes and arrows (graphs.py).
* `plot` draws lists of numbers as lines on axes (plots.py).

Both return (and print) one `<figure>` holding inline SVG: no file, no
request to any host, colours from the page (currentColor and CSS variables,
see docs/assets/pictures.css), so it reads in the light and the dark scheme.
The SVG is byte-identical on every build and machine: fixed sizes, no ids,
no dates, coordinates at a tenth of a unit. Words in the picture come from the page (alt text, caption, axis
labels, series names) or from the legend words of gradsite/words.toml, in the language
being built, so the SVG itself holds only code: op and variable names.
"""

from __future__ import annotations

from gradsite.pictures.figures import run_example
from gradsite.pictures.graphs import build_graph, graph, graph_svg
from gradsite.pictures.plots import plot, plot_svg

__all__ = ["build_graph", "graph", "graph_svg", "plot", "plot_svg", "run_example"]
