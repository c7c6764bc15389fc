"""Display math (a ```math fence, pymdownx.superfences) rendered to MathML at build time: browsers
draw MathML natively, so pages need neither a script nor a font from a CDN."""

from __future__ import annotations

from latex2mathml.converter import convert


def fence_format(source: str, language: str, css_class: str, options, md, **kwargs) -> str:
    """One ```math block, one LaTeX formula per paragraph, as MathML."""
    formulas = [block.strip() for block in source.split("\n\n") if block.strip()]
    return f'<div class="math">{"".join(convert(f, display="block") for f in formulas)}</div>'
