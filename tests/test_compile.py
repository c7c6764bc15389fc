"""torch.compile on the site: built with `aot_eager`, checked under `inductor` every week.

The examples that compile pass `backend="aot_eager"`: it goes through AOTAutograd, which
makes the one backward node a compiled region is, as the default `inductor` backend does,
without generating and compiling C++ (minutes on the two cores that build the site). What
the pages say holds "under the default backend too" is not assumed: the weekly drift job
(.github/workflows/drift.yml) sets GRADSITE_INDUCTOR=1, and the test below runs every such
example through the build's runner with `inductor` in place of `aot_eager`, checks
included.
"""

from __future__ import annotations

import os
import re

import pytest
from gradsite.project import ROOT, snippets

from sitebuild import run_in_runner

COMPILES = re.compile(r"torch\.compile\b")
AOT_EAGER = '"aot_eager"'
COMPILING = [name for name in snippets() if COMPILES.search((ROOT / name).read_text("utf-8"))]

# Every torch.compile(..., backend="aot_eager") an example makes, and every compile counter
# (torch._dynamo.testing.CompileCounterWithBackend("aot_eager")) its checks make, with inductor.
INDUCTOR = """
    import torch
    _compile = torch.compile
    def compile_with_inductor(*args, **kwargs):
        if kwargs.get("backend") == "aot_eager":
            kwargs["backend"] = "inductor"
        return _compile(*args, **kwargs)
    torch.compile = compile_with_inductor
    import torch._dynamo.testing
    _counter = torch._dynamo.testing.CompileCounterWithBackend.__init__
    def count_with_inductor(self, backend):
        _counter(self, "inductor" if backend == "aot_eager" else backend)
    torch._dynamo.testing.CompileCounterWithBackend.__init__ = count_with_inductor
    """


def test_there_are_examples_that_compile():
    assert COMPILING, "no example calls torch.compile: the test below would check nothing"


@pytest.mark.parametrize("name", COMPILING)
def test_an_example_that_compiles_names_aot_eager(name):
    """Each torch.compile call in an example names the backend the build can afford."""
    code = (ROOT / name).read_text("utf-8")
    calls = len(COMPILES.findall(code))
    assert code.count(AOT_EAGER) >= calls, (
        f"{name}: {calls} torch.compile calls, {code.count(AOT_EAGER)} with {AOT_EAGER}: "
        "inductor compiles C++ for minutes in every build; the weekly job checks inductor"
    )


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("GRADSITE_INDUCTOR") != "1",
    reason="inductor takes minutes per example on two cores: the weekly drift job sets "
    "GRADSITE_INDUCTOR=1 (.github/workflows/drift.yml)",
)
@pytest.mark.parametrize("name", COMPILING)
def test_what_the_page_says_holds_under_inductor(name):
    for language, (failed, log) in run_in_runner(name, INDUCTOR, languages=("zh",)).items():
        assert not failed, f"{name} under inductor ({language}):\n{log}"
