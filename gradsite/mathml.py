"""Display math rendered to MathML when the site builds.

Browsers draw MathML natively, so pages need neither a script nor a font from
a CDN. Used as a pymdownx.superfences custom fence (```math).
"""

from __future__ import annotations

from latex2mathml.converter import convert


def fence_format(source: str, language: str, css_class: str, options, md, **kwargs) -> str:
    """Turn one ```math block (one LaTeX formula per paragraph) into MathML."""
    formulas = [block.strip() for block in source.split("\n\n") if block.strip()]
    rendered = "".join(convert(formula, display="block") for formula in formulas)
    return f'<div class="math">{rendered}</div>'
