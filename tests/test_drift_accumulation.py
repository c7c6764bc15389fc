"""Simulated PyTorch changes to what the accumulation chapter teaches.

Each case monkeypatches torch, as a new PyTorch release
might behave, and checks that the example that teaches the old behaviour stops
the build's runner (in a forked child of the test process), naming it. See CONTRIBUTING.md ("Adding a drift case").

snippets/accumulation/ddp_no_sync.py runs its two ranks as fresh Python
processes, which a monkeypatch in the build process does not reach.
`in_every_process` writes the patch to a `sitecustomize.py` on PYTHONPATH as
well: Python imports that module when any interpreter starts, so the patch
applies in the build process and in every process it launches.
"""

from __future__ import annotations

import textwrap

import pytest

from sitebuild import assert_runner_fails, drift_ids, run_in_runner

DDP_EXAMPLE = "snippets/accumulation/ddp_no_sync.py"


def in_every_process(patch: str) -> str:
    """Build-process code that applies `patch` there and in every Python process started after it."""
    patch = textwrap.dedent(patch)
    return textwrap.dedent(
        f"""
        import os, pathlib, tempfile
        _folder = tempfile.mkdtemp(prefix="gradsite-drift-")
        pathlib.Path(_folder, "sitecustomize.py").write_text({patch!r}, encoding="utf-8")
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (_folder, os.environ.get("PYTHONPATH")) if p)
        exec(compile({patch!r}, "sitecustomize.py", "exec"))
        """
    )


# Rank 1 dies in its first forward pass, after the process group is up: rank 0
# is then waiting for it in an all-reduce, the case that would hang.
CRASH_RANK_1 = """
    import os, sys
    if sys.argv[1:3] == ["--rank", "1"]:
        import torch.nn.parallel
        def crash(self, *args, **kwargs):
            os._exit(3)
        torch.nn.parallel.DistributedDataParallel.forward = crash
    """

DRIFT = {
    "backward overwrites .grad instead of adding": (
        """
        import torch
        _backward = torch.Tensor.backward
        def leaves(fn, seen):
            for next_fn, _ in getattr(fn, "next_functions", ()):
                if next_fn is not None and next_fn not in seen:
                    seen.add(next_fn)
                    if hasattr(next_fn, "variable"):
                        yield next_fn.variable
                    yield from leaves(next_fn, seen)
        def backward(self, *args, **kwargs):
            for leaf in list(leaves(self.grad_fn, set())):
                leaf.grad = None
            return _backward(self, *args, **kwargs)
        torch.Tensor.backward = backward
        """,
        "snippets/accumulation/backward_adds_into_grad.py",
    ),
    "MSELoss sums instead of averaging": (
        """
        import torch
        _mse_loss = torch.nn.functional.mse_loss
        def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
            return _mse_loss(input, target, reduction="sum")
        torch.nn.functional.mse_loss = mse_loss
        """,
        "snippets/accumulation/accumulation_matches_full_batch.py",
    ),
    "no_sync() becomes a no-op": (
        in_every_process(
            """
            import contextlib
            import torch.nn.parallel
            torch.nn.parallel.DistributedDataParallel.no_sync = lambda self: contextlib.nullcontext()
            """
        ),
        DDP_EXAMPLE,
    ),
    "checkpoint() keeps every activation": (
        """
        import torch.utils.checkpoint
        torch.utils.checkpoint.checkpoint = lambda function, *args, use_reentrant=None, **kwargs: function(*args)
        """,
        "snippets/accumulation/checkpointing_memory.py",
    ),
    "OneCycleLR steps past total_steps without raising": (
        """
        import torch
        _step = torch.optim.lr_scheduler.OneCycleLR.step
        def step(self, *args, **kwargs):
            self.total_steps = max(self.total_steps, self.last_epoch + 2)
            return _step(self, *args, **kwargs)
        torch.optim.lr_scheduler.OneCycleLR.step = step
        """,
        "snippets/accumulation/onecycle_total_steps.py",
    ),
    "zero_grad() leaves zeros again, after the standard loop's step": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=False):
            return _zero_grad(self, set_to_none)
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        "snippets/accumulation/accumulation_loop.py",
    ),
    "zero_grad() leaves zeros again, after the DDP loop's step": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=False):
            return _zero_grad(self, set_to_none)
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        "snippets/accumulation/ddp_no_sync_loop.py",
    ),
    "clip_grad_norm_ returns the norm after clipping": (
        """
        import torch
        _clip = torch.nn.utils.clip_grad_norm_
        def clip_grad_norm_(parameters, max_norm, *args, **kwargs):
            parameters = list(parameters)
            _clip(parameters, max_norm, *args, **kwargs)
            return _clip(parameters, max_norm, *args, **kwargs)
        torch.nn.utils.clip_grad_norm_ = clip_grad_norm_
        """,
        "snippets/accumulation/amp_clip_order.py",
    ),
    "LayerNorm starts normalizing over the batch": (
        """
        import torch
        torch.nn.LayerNorm.forward = lambda self, x: torch.nn.functional.batch_norm(
            x, None, None, self.weight, self.bias, training=True
        )
        """,
        "snippets/accumulation/batchnorm_remedies.py",
    ),
}

# Recipes, against the same changes as the examples that prove them.
DRIFT["clip_grad_norm_ returns the norm after clipping (recipe)"] = (
    DRIFT["clip_grad_norm_ returns the norm after clipping"][0],
    "snippets/accumulation/clip_once_per_step.py",
)
DRIFT["zero_grad() leaves zeros again, after the last short group"] = (
    DRIFT["zero_grad() leaves zeros again, after the standard loop's step"][0],
    "snippets/accumulation/step_on_the_last_group.py",
)
DRIFT["backward overwrites .grad instead of adding (token-count recipe)"] = (
    DRIFT["backward overwrites .grad instead of adding"][0],
    "snippets/accumulation/divide_by_all_tokens.py",
)


@pytest.mark.parametrize("case", DRIFT, ids=drift_ids(DRIFT))
def test_drift_fails_the_runner(case):
    patch, example = DRIFT[case]
    assert_runner_fails(patch, example)


def test_crashed_ddp_worker_fails_the_runner_with_a_message():
    """A worker that dies must stop the build with a clear message, not hang it."""
    # One language: what is proved is the example's own crash handling through the runner
    # (two DDP runs of about 15 s each would prove nothing more).
    for language, (failed, log) in run_in_runner(DDP_EXAMPLE, in_every_process(CRASH_RANK_1), ("zh",)).items():
        assert failed and f"{DDP_EXAMPLE}:" in log and f"language {language}" in log, log
        assert "DDP worker rank 1 exited with code 3; all ranks stopped" in log, log
        assert "TimeoutError" not in log  # reported as the crash it is, not as the example's own time-out


def test_examples_pass_without_drift():
    """Unpatched, the runner passes every example a case names: the failures above come from the patches."""
    # The DDP example is left out (15 s): the session build and tests/test_snippets.py run it unpatched.
    for example in sorted({example for _, example in DRIFT.values()} - {DDP_EXAMPLE}):
        [(failed, log)] = run_in_runner(example, languages=("zh",)).values()
        assert not failed, log
