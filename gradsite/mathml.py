"""Display math (a ```math fence, pymdownx.superfences) rendered to MathML at build time: browsers
draw MathML natively, so pages need neither a script nor a font from a CDN."""

from __future__ import annotations

from latex2mathml.converter import convert

from gradsite.pages import SEARCH_EXCLUDE


def fence_format(source: str, language: str, css_class: str, options, md, **kwargs) -> str:
    """One ```math block, one LaTeX formula per paragraph, as MathML; out of the search index,
    where its glyphs ran together (1B∑i=1Bℓi=...), the prose around it says what it means."""
    formulas = [block.strip() for block in source.split("\n\n") if block.strip()]
    return f'<div class="math" {SEARCH_EXCLUDE}>{"".join(convert(f, display="block") for f in formulas)}</div>'
