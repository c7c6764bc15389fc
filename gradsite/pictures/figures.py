"""What both kinds of picture share (graphs.py, plots.py): the example's run a picture draws,
and an SVG wrapped in a <figure> with its legend and caption in the page's language."""

from __future__ import annotations

import io
import re
import runpy
from contextlib import nullcontext, redirect_stdout

import markdown
import torch
from torch.overrides import TorchFunctionMode

from gradsite.pages import SEARCH_EXCLUDE
from gradsite.runner import Context, ExampleFailed
from gradsite.words import WORDS


def build_context() -> Context:
    """The build's Context when a page's block calls this module; a blank one in a test."""
    return Context.current() or Context()


def language(lang: str | None) -> str:
    lang = lang or build_context().language
    return lang if lang in WORDS else "en"


def inline(text: str) -> str:
    """Inline Markdown (code spans, emphasis, links) for captions and legends."""
    return markdown.markdown(text).removeprefix("<p>").removesuffix("</p>")


class InputRecorder(TorchFunctionMode):
    """Records the tensors each autograd node was made from: autograd keeps no trace of an input
    that needs no gradient (its `next_functions` slot is None), so `b` in `d = c * c * b` would
    vanish from the picture. This only names such inputs; every node and arrow of the picture
    comes from `grad_fn` and `next_functions`."""

    def __init__(self) -> None:
        super().__init__()
        self.inputs: dict = {}

    def __torch_function__(self, func, types, args=(), kwargs=None):
        result = func(*args, **(kwargs or {}))
        outputs = result if isinstance(result, (tuple, list)) else (result,)
        given = [a for a in [*args, *(kwargs or {}).values()] if isinstance(a, torch.Tensor)]
        for out in outputs:
            node = out.grad_fn if isinstance(out, torch.Tensor) else None
            if node is not None and node not in self.inputs:
                self.inputs[node] = given
        return result


def run_example(snippet: str, *, record_inputs: bool = False):
    """The example's globals as its page's run left them, output discarded, and with
    `record_inputs` the tensors each autograd node was made from (InputRecorder).

    Its run earlier in this build (Context.result) is reused when its code is unchanged, with its
    inputs if the hooks saw the page's figure block first (`record_drawn`). An example that failed
    earlier in this build is not run again: its failure is raised."""
    context = build_context()
    path = context.root / snippet  # written as pages include it (or absolute)
    code = path.read_text(encoding="utf-8")
    result = context.result(snippet)
    if result and result.failure:
        raise ExampleFailed(
            f"{snippet} failed earlier in this build, not run again:\n  {result.failure}"
        )
    ran = result and result.namespace is not None and result.code.strip() == code.strip()
    if ran and not record_inputs:
        return result.namespace, {}
    if ran and isinstance(result.recorded, InputRecorder):
        return result.namespace, result.recorded.inputs
    recorder = InputRecorder()
    with redirect_stdout(io.StringIO()), recorder if record_inputs else nullcontext():
        namespace = runpy.run_path(str(path), run_name="__main__")
    return namespace, recorder.inputs


def number(value: float) -> str:
    """A coordinate at a tenth of a unit: far below a pixel, the same digits on every machine."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def figure_html(kind: str, svg: str, legend: list[str], caption: str | None) -> str:
    items = "".join(f"<li>{entry}</li>" for entry in legend)
    # The picture's labels out of the search index (gradsite/pages.py); its legend and caption stay.
    return (
        f'<figure class="gs-figure gs-{kind}"><div class="gs-picture" {SEARCH_EXCLUDE}>{svg}</div>'
        + (f'<ul class="gs-legend">{items}</ul>' if items else "")
        + (f"<figcaption>{inline(caption)}</figcaption>" if caption else "")
        + "</figure>"
    )


# A figure block's graph call names the example it draws: graph("snippets/...py", ...).
_DRAWN = re.compile(r"""\bgraph\(\s*["']([^"']+\.py)["']""")


def record_drawn(blocks: list[str], context: Context) -> None:
    """Before a page's examples run, given the code of its executed blocks: each example a graph
    there draws runs with its inputs recorded (Context.recorders), so the graph reuses that run
    instead of a second one."""
    for code in blocks:
        for snippet in _DRAWN.findall(code):
            context.recorders[snippet] = InputRecorder
