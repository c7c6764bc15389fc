"""Plots of lists of numbers an example made (pages call `plot` through gradsite/pictures/):
axes, ticks, grid and lines written as inline SVG, coloured by the page's CSS."""

from __future__ import annotations

import html
import math

from gradsite.pictures.figures import figure_html, inline, number, run_example

# The drawing's own units (the SVG scales to the page's width): 5.6 x 3 inches at 72 to the inch.
WIDTH, HEIGHT = 403.2, 216.0
FONT_SIZE = 11
DIGIT = 7.0  # a tick label's advance per character: DejaVu's digits at 11 px, wider than most
MARGIN, TICK, MINOR_TICK, GAP = 4.4, 3.5, 2.0, 3.5  # GAP: between a tick and its label
MAX_TICKS = 8  # per axis, at round numbers: 1, 2, 2.5 or 5 x 10^k apart, the closest that fit
STYLES = [  # drawn in this order: a wide line under a thin dashed one stays visible
    {"width": 4.0, "opacity": 0.55, "dash": ()},
    {"width": 1.6, "opacity": 1.0, "dash": (4, 2), "marker": 1.5},  # marker: a dot's radius
    {"width": 1.6, "opacity": 1.0, "dash": (1.5, 2)},
    {"width": 1.6, "opacity": 1.0, "dash": (5, 2, 1.5, 2)},
]


def _limits(values: list[float]) -> tuple[float, float]:
    """The range of the values and 5% more on each side, so no point sits on an axis."""
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    margin = (high - low) * 0.05
    return low - margin, high + margin


def _linear_ticks(low: float, high: float, integer: bool) -> list[tuple[float, str]]:
    """(value, label) of round numbers inside [low, high], at most MAX_TICKS of them."""
    exponent = math.floor(math.log10((high - low) / MAX_TICKS))
    while True:
        for mantissa in (1, 2, 2.5, 5):
            step = mantissa * 10.0**exponent
            first, last = math.ceil(low / step), math.floor(high / step)
            if last - first < MAX_TICKS and not (integer and step % 1):
                decimals = max(0, (mantissa == 2.5) - exponent)
                return [(k * step, f"{k * step:.{decimals}f}") for k in range(first, last + 1)]
        exponent += 1


def _log_ticks(low: float, high: float) -> tuple[list[tuple[float, str]], list[float]]:
    """Ticks of a log axis from 10^low to 10^high, as log10 of their values: majors at 1, 2
    and 5 x 10^k (only 1 x 10^k if those are more than MAX_TICKS, every whole multiple of 10^k
    if they are fewer than 2), labelled 0.2, not 2x10^-1; minors at the other whole multiples."""
    every = [(m, k) for k in range(math.floor(low), math.ceil(high) + 1) for m in range(1, 10)]
    every = [(m, k) for m, k in every if low <= math.log10(m) + k <= high]
    major = [(m, k) for m, k in every if m in (1, 2, 5)]
    if len(major) > MAX_TICKS:
        major = [(m, k) for m, k in every if m == 1]
    if len(major) < 2:
        major = every
    if len(major) < 2:  # within a tenth of a decade: round numbers, as on a linear axis
        values = _linear_ticks(10**low, 10**high, False)
        return [(math.log10(v), label) for v, label in values if v > 0], []
    ticks = [(math.log10(m) + k, f"{float(f'{m}e{k}'):g}") for m, k in major]
    return ticks, [math.log10(m) + k for m, k in every if (m, k) not in major]


def _ink(width: float = 0.8) -> str:
    """Axes, ticks and grid: in the text's colour."""
    return f'stroke="currentColor" stroke-width="{width}"'


def _series_svg(i: int, points: list[tuple[float, float]]) -> str:
    """One line, in its style and the page's colour for series i + 1 (and its dots, if any)."""
    style, colour = STYLES[i], f"var(--gs-series-{i + 1})"
    d = "M" + "L".join(f"{number(x)} {number(y)}" for x, y in points)
    dash = " ".join(number(length * style["width"]) for length in style["dash"])
    svg = (
        f'<path class="gs-series" d="{d}" fill="none" style="stroke: {colour}"'
        f' stroke-width="{number(style["width"])}" stroke-opacity="{style["opacity"]}"'
        + (f' stroke-dasharray="{dash}"' if dash else ' stroke-linecap="square"')
        + ' stroke-linejoin="round"/>'
    )
    if "marker" in style:
        dots = "".join(
            f'<circle cx="{number(x)}" cy="{number(y)}" r="{style["marker"]}"/>' for x, y in points
        )
        svg += f'<g style="fill: {colour}; stroke: {colour}">{dots}</g>'
    return svg


def _path(*segments: tuple[float, float, str]) -> str:
    """Path data of straight segments: (x, y) to start from and the move ("V10", "h-3.5")."""
    return "".join(f"M{number(x)} {number(y)}{move}" for x, y, move in segments)


def _axes_svg(box: tuple[float, float, float, float], x_marks: list, y_marks: list, minor: list):
    """Grid, ticks, tick labels and the two axes around box (left, top, right, bottom);
    marks: (position, label) of each tick; minor: positions of the unlabelled y ticks. The axes
    are drawn on whole pixels, sharp at any size; the grid is not: snapped to pixels, its lines
    would come out 1 or 2 pixels wide, unevenly."""
    left, top, right, bottom = box
    grid = _path(
        *[(x, top, f"V{number(bottom)}") for x, _ in x_marks],
        *[(left, y, f"H{number(right)}") for y, _ in y_marks],
    )
    ticks = _path(
        *[(x, bottom, f"v{number(TICK)}") for x, _ in x_marks],
        *[(left, y, f"h-{number(TICK)}") for y, _ in y_marks],
    )
    minor_ticks = _path(*[(left, y, f"h-{number(MINOR_TICK)}") for y in minor])
    below = number(bottom + TICK + GAP + FONT_SIZE * 0.76)  # their tops just under the ticks
    beside = number(left - TICK - GAP)
    x_labels = "".join(f'<text x="{number(x)}" y="{below}">{label}</text>' for x, label in x_marks)
    y_labels = "".join(  # the middle of a digit level with its tick
        f'<text x="{beside}" y="{number(y + FONT_SIZE * 0.38)}">{label}</text>'
        for y, label in y_marks
    )
    return (
        f'<path class="gs-grid" d="{grid}" {_ink()} stroke-opacity="0.15"/>'
        f'<path class="gs-ticks" d="{ticks}" {_ink()}/>'
        + (f'<path class="gs-ticks" d="{minor_ticks}" {_ink(0.6)}/>' if minor else "")
        + f'<path class="gs-axis" d="{_path((left, top, f"V{number(bottom)}H{number(right)}"))}"'
        f' fill="none" {_ink()} shape-rendering="crispEdges"/><g fill="currentColor" font-size="{FONT_SIZE}">'
        f'<g text-anchor="middle">{x_labels}</g><g text-anchor="end">{y_labels}</g></g>'
    )


def plot_svg(
    series: list[tuple[list[float], list[float]]], *, alt: str, log_y: bool = False
) -> str:
    """Lines as inline SVG: axes on the left and at the bottom, ticks and grid at round numbers,
    tick labels as text in the page's font, colours from the page's CSS."""
    if log_y and any(y <= 0 for _, ys in series for y in ys):
        raise ValueError("log_y=True draws positive numbers only")
    scale = math.log10 if log_y else float
    x_low, x_high = _limits([x for xs, _ in series for x in xs])
    y_low, y_high = _limits([scale(y) for _, ys in series for y in ys])
    integer = all(float(x).is_integer() for xs, _ in series for x in xs)
    x_ticks = _linear_ticks(x_low, x_high, integer)
    y_ticks, y_minor = (
        _log_ticks(y_low, y_high) if log_y else (_linear_ticks(y_low, y_high, False), [])
    )
    # The widest tick label, its gap and its tick fit left of the y axis.
    left = MARGIN + DIGIT * max(len(label) for _, label in y_ticks) + GAP + TICK
    right, top, bottom = WIDTH - MARGIN, MARGIN, HEIGHT - MARGIN - FONT_SIZE - GAP - TICK

    def x_at(x: float) -> float:
        return left + (x - x_low) / (x_high - x_low) * (right - left)

    def y_at(y: float) -> float:
        return bottom - (y - y_low) / (y_high - y_low) * (bottom - top)

    axes = _axes_svg(
        (left, top, right, bottom),
        [(x_at(v), label) for v, label in x_ticks],
        [(y_at(v), label) for v, label in y_ticks],
        [y_at(v) for v in y_minor],
    )
    lines = "".join(
        _series_svg(i, [(x_at(x), y_at(scale(y))) for x, y in zip(xs, ys, strict=True)])
        for i, (xs, ys) in enumerate(series)
    )
    return (
        f'<svg class="gs-plot-svg" role="img" aria-label="{html.escape(alt)}"'
        f' viewBox="0 0 {number(WIDTH)} {number(HEIGHT)}">{axes}{lines}</svg>'
    )


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
    """Print (and return) a <figure> plotting lists of numbers an example made (CONTRIBUTING.md,
    "Pictures"). Axis labels and legend are HTML beside the SVG: in the page's fonts, and one SVG
    for every language."""
    namespace, _ = run_example(snippet)
    series = []
    for name in lines:
        # 3 significant digits: far below a pixel, and above the rounding-level digits that
        # differ from one CPU to another, so the picture is the same bytes on every machine.
        ys = [_significant(v) for v in namespace[name]]
        xs = [_significant(v) for v in namespace[x]] if x else list(range(1, len(ys) + 1))
        series.append((xs, ys))
    svg = plot_svg(series, alt=alt, log_y=log_y)
    legend = []
    for i, label in enumerate(lines.values()):
        style = STYLES[i]
        swatch = (
            f'<svg class="gs-swatch" viewBox="0 0 28 8" width="28" height="8" aria-hidden="true">'
            f'<line x1="1" y1="4" x2="27" y2="4" style="stroke: var(--gs-series-{i + 1});'
            f" stroke-width: {style['width']}; stroke-opacity: {style['opacity']}"
            + (f"; stroke-dasharray: {' '.join(map(str, style['dash']))}" if style["dash"] else "")
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
