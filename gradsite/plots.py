"""Plots of lists of numbers an example made (pages call `plot` through gradsite/pictures.py),
drawn by matplotlib as inline SVG coloured by the page's CSS."""

from __future__ import annotations

import functools
import hashlib
import html
import io
import re

from gradsite.figures import figure_html, inline, run_example

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


def plot_svg(
    series: list[tuple[list[float], list[float]]], *, alt: str, salt: str, log_y: bool = False
) -> str:
    """Lines drawn by matplotlib as inline SVG, coloured by the page's CSS."""
    frozen = tuple((tuple(xs), tuple(ys)) for xs, ys in series)
    svg = _plot_svg(frozen, salt, log_y)
    return svg.replace(
        "<svg", f'<svg class="gs-plot-svg" role="img" aria-label="{html.escape(alt)}"', 1
    )


@functools.lru_cache(maxsize=16)
def _plot_svg(
    series: tuple[tuple[tuple[float, ...], tuple[float, ...]], ...], salt: str, log_y: bool
) -> str:
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
    svg = re.sub(
        r"\s*<style[^>]*>.*?</style>", "", svg, flags=re.S
    )  # a global `*` rule: moved to pictures.css
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
    svg = (
        re.sub(r'\s(?:xmlns(?::xlink)?|width|height|version)="[^"]*"', "", svg[: svg.index(">")])
        + svg[svg.index(">") :]
    )
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
        dasharray = (
            {":": "1.5 2", "-.": "5 2 1.5 2"}.get(dash, "")
            if isinstance(dash, str)
            else " ".join(map(str, dash[1]))
        )
        swatch = (
            f'<svg class="gs-swatch" viewBox="0 0 28 8" width="28" height="8" aria-hidden="true">'
            f'<line x1="1" y1="4" x2="27" y2="4" style="stroke: var(--gs-series-{i + 1});'
            f" stroke-width: {style['linewidth']}; stroke-opacity: {style['alpha']}"
            + (f"; stroke-dasharray: {dasharray}" if dasharray else "")
            + '"/></svg>'
        )
        legend.append(f"{swatch} {inline(label)}")
    axes = (
        f'<div class="gs-axes"><span class="gs-y-label">{html.escape(y_label)}</span>{svg}'
        f'<span class="gs-x-label">{html.escape(x_label)}</span></div>'
    )
    figure = figure_html("plot", axes, legend, caption)
    print(figure)
    return figure
