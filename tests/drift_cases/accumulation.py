"""Simulated PyTorch changes to what the accumulation chapter teaches.

Each case monkeypatches torch, as a new PyTorch release
might behave, and checks that the example that teaches the old behaviour stops
the build's runner (in a forked child of the test process), naming it. See CONTRIBUTING.md ("Adding a drift case").

snippets/accumulation/ddp_no_sync.py forks its two ranks
(`torch.multiprocessing.start_processes(start_method="fork")`), which inherit a
monkeypatch of the build process. `in_every_process` also writes the patch to a
`sitecustomize.py` on PYTHONPATH: Python imports that module when any
interpreter starts, so the patch would reach a rank started as a fresh process
as well.
"""

from __future__ import annotations

import textwrap

from drift_cases import IN_RECIPE, MSE_LOSS_SUMS, OPTIMIZER_DEFAULTS_TO_ZEROS

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
    import os
    import torch.distributed as dist
    import torch.nn.parallel
    _forward = torch.nn.parallel.DistributedDataParallel.forward
    def crash(self, *args, **kwargs):
        if dist.get_rank() == 1:
            os._exit(3)
        return _forward(self, *args, **kwargs)
    torch.nn.parallel.DistributedDataParallel.forward = crash
    """

S = "snippets/accumulation/"
COMPLETE = S + "complete_loop.py"
AMP = S + "amp_grad_scaler.py"
SKIP = S + "gradscaler_skip_vs_scheduler.py"
BF16 = S + "bf16_needs_no_scaler.py"

OVERWRITE = """
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
    """
MSE_SUMS = """
    import torch
    _mse_loss = torch.nn.functional.mse_loss
    def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
        return _mse_loss(input, target, reduction="sum")
    torch.nn.functional.mse_loss = mse_loss
    """
# BatchNorm in training mode normalizes with its running statistics, as in eval mode.
BATCHNORM_USES_RUNNING_STATS = """
    import torch
    def forward(self, x):
        return torch.nn.functional.batch_norm(
            x, self.running_mean, self.running_var, self.weight, self.bias, False, 0.0, self.eps
        )
    torch.nn.BatchNorm1d.forward = forward
    """
# BatchNorm in eval mode normalizes with the batch's statistics, as in training mode.
BATCHNORM_EVAL_USES_BATCH_STATS = """
    import torch
    def forward(self, x):
        return torch.nn.functional.batch_norm(
            x, None, None, self.weight, self.bias, True, 0.0, self.eps
        )
    _forward = torch.nn.BatchNorm1d.forward
    torch.nn.BatchNorm1d.forward = lambda self, x: _forward(self, x) if self.training else forward(self, x)
    """
# BatchNorm stops updating its running statistics in training mode.
BATCHNORM_STOPS_TRACKING = """
    import torch
    _forward = torch.nn.BatchNorm1d.forward
    def forward(self, x):
        tracking, self.track_running_stats = self.track_running_stats, False
        try:
            return _forward(self, x)
        finally:
            self.track_running_stats = tracking
    torch.nn.BatchNorm1d.forward = forward
    """
SCHEDULER_WARNING_DROPPED = """
    import warnings
    import torch
    _step = torch.optim.lr_scheduler.LRScheduler.step
    def step(self, *args, **kwargs):
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*before `optimizer")
            return _step(self, *args, **kwargs)
    torch.optim.lr_scheduler.LRScheduler.step = step
    """
# A scheduler step with no optimizer step since the last one is ignored.
SCHEDULER_FOLLOWS_REAL_STEPS = """
    import torch
    _step = torch.optim.lr_scheduler.LRScheduler.step
    def step(self, *args, **kwargs):
        if not getattr(self.optimizer, "_opt_called", False):
            return None
        result = _step(self, *args, **kwargs)
        self.optimizer._opt_called = False
        return result
    torch.optim.lr_scheduler.LRScheduler.step = step
    """


def scaler_default(name, value):
    """GradScaler with another default for one of its arguments."""
    return f"""
    import torch
    _init = torch.amp.GradScaler.__init__
    def __init__(self, *args, **kwargs):
        kwargs.setdefault({name!r}, {value!r})
        _init(self, *args, **kwargs)
    torch.amp.GradScaler.__init__ = __init__
    """


def autocast_maps(source, target):
    """torch.autocast computes in `target` when asked for `source`."""
    return f"""
    import torch
    _init = torch.autocast.__init__
    def __init__(self, device_type, dtype=None, *args, **kwargs):
        if dtype == torch.{source}:
            dtype = torch.{target}
        _init(self, device_type, dtype, *args, **kwargs)
    torch.autocast.__init__ = __init__
    """


# The default comm hook sums the ranks' gradients, or leaves each rank its own.
def allreduce_hook_becomes(body):
    return in_every_process(
        f"""
        import torch
        from torch.distributed.algorithms.ddp_comm_hooks import default_hooks
        def allreduce_hook(process_group, bucket):
            buffer = bucket.buffer()
            {body}
            future = torch.futures.Future()
            future.set_result(buffer)
            return future
        default_hooks.allreduce_hook = allreduce_hook
        """
    )


# The scheduler stops seeing optimizer.step(): it warns as if stepped first, whatever the order.
SCHEDULER_MISSES_OPTIMIZER_STEP = """
    import torch
    _step = torch.optim.lr_scheduler.LRScheduler.step
    def step(self, *args, **kwargs):
        self.optimizer._opt_called = False
        return _step(self, *args, **kwargs)
    torch.optim.lr_scheduler.LRScheduler.step = step
    """


def linear_saves(saved):
    """nn.Linear saving `saved` for backward (of input, weight) whatever needs a gradient; a
    weight it does not save is read from the module at backward time."""
    return f"""
    import torch
    class Linear(torch.autograd.Function):
        @staticmethod
        def forward(ctx, input, weight, bias):
            ctx.weight, ctx.has_bias = weight, bias is not None
            ctx.save_for_backward({saved})
            return torch.nn.functional.linear(input, weight, bias)
        @staticmethod
        def backward(ctx, grad):
            input, weight = ctx.saved_tensors[0], ctx.weight
            rows = grad.reshape(-1, grad.shape[-1])
            return (
                grad @ weight,
                rows.T @ input.reshape(-1, input.shape[-1]),
                rows.sum(0) if ctx.has_bias else None,
            )
    torch.nn.Linear.forward = lambda self, input: Linear.apply(input, self.weight, self.bias)
    """


NO_SYNC_NO_OP = in_every_process(
    """
    import contextlib
    import torch.nn.parallel
    torch.nn.parallel.DistributedDataParallel.no_sync = lambda self: contextlib.nullcontext()
    """
)
# checkpoint() called with use_reentrant keeps every activation (runs the function plainly);
# called without it, it is torch's own (the warning, the reentrant implementation).
CHECKPOINT_KEEPS_ACTIVATIONS = """
    import torch.utils.checkpoint
    _checkpoint = torch.utils.checkpoint.checkpoint
    def checkpoint(function, *args, use_reentrant=None, **kwargs):
        if use_reentrant is None:
            return _checkpoint(function, *args, **kwargs)
        return function(*args)
    torch.utils.checkpoint.checkpoint = checkpoint
    """

UNUSED = S + "ddp_unused_parameters.py"
PEAK = S + "peak_memory.py"
CHECKPOINTING = S + "checkpointing_memory.py"
CHECKPOINT_BATCHNORM = S + "checkpoint_batchnorm.py"
FREEZE = S + "freeze_batchnorm.py"
RESUME = S + "resume_at_group_boundary.py"
# GradScaler.update() halves the scale on every step, overflow or not.
UPDATE_HALVES = """
    import torch
    _update = torch.amp.GradScaler.update
    def update(self, new_scale=None):
        scale = self.get_scale()
        _update(self, new_scale)
        self._scale.fill_(scale / 2)
    torch.amp.GradScaler.update = update
    """
# nn.Tanh saves its input as well as its output for backward.
TANH_SAVES_INPUT = """
    import torch
    class Tanh(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            y = torch.tanh(x)
            ctx.save_for_backward(x, y)
            return y
        @staticmethod
        def backward(ctx, grad):
            x, y = ctx.saved_tensors
            return grad * (1 - y * y)
    torch.nn.Tanh.forward = lambda self, x: Tanh.apply(x)
    """
# GradScaler.load_state_dict keeps the scale it was built with.
SCALER_LOAD_KEEPS_SCALE = """
    import torch
    _load = torch.amp.GradScaler.load_state_dict
    def load_state_dict(self, state_dict):
        scale = self.get_scale()
        _load(self, state_dict)
        self._init_scale = scale
        if self._scale is not None:
            self._scale.fill_(scale)
    torch.amp.GradScaler.load_state_dict = load_state_dict
    """
# checkpoint() without use_reentrant warns as torch 2.13 does, then runs the non-reentrant way.
CHECKPOINT_DEFAULT_NON_REENTRANT = """
    import warnings
    import torch.utils.checkpoint
    _checkpoint = torch.utils.checkpoint.checkpoint
    def checkpoint(function, *args, use_reentrant=None, **kwargs):
        if use_reentrant is None:
            warnings.warn(
                "torch.utils.checkpoint: the use_reentrant parameter should be passed "
                "explicitly. Starting in PyTorch 2.9, calling checkpoint without "
                "use_reentrant will raise an exception. use_reentrant=False is recommended",
                stacklevel=2,
            )
            use_reentrant = False
        return _checkpoint(function, *args, use_reentrant=use_reentrant, **kwargs)
    torch.utils.checkpoint.checkpoint = checkpoint
    """


def comm_hook_skips(condition: str) -> str:
    """DDP's registered communication hooks stop all-reducing when `condition` holds: the
    bucket comes back as it is. `condition` is Python that may read `self` (the DDP module)
    and `calls` (how many times this hook was called, this call included)."""
    return f"""
    import torch
    import torch.nn.parallel
    DDP = torch.nn.parallel.DistributedDataParallel
    _register = DDP.register_comm_hook
    def register_comm_hook(self, state, hook):
        count = []
        def maybe_skipped(state, bucket):
            count.append(1)
            calls = len(count)
            if {condition}:
                future = torch.futures.Future()
                future.set_result(bucket.buffer())
                return future
            return hook(state, bucket)
        return _register(self, state, maybe_skipped)
    DDP.register_comm_hook = register_comm_hook
    """


FSDP2 = S + "fsdp2_gradient_sync.py"
FIND_UNUSED = S + "ddp_find_unused_loop.py"
TOKENS = S + "ddp_token_count.py"
UNEVEN = S + "ddp_uneven_inputs.py"
BUCKET_VIEW = S + "ddp_gradient_as_bucket_view.py"
BF16_DRIFT = S + "bf16_accumulation_drift.py"
FSDP2_MIXED = S + "fsdp2_mixed_precision.py"
JOIN_LOOP = S + "ddp_join_loop.py"
# The examples that start two worker processes (tests/test_drift.py marks their cases slow).
TWO_PROCESS = {DDP_EXAMPLE, FSDP2, TOKENS, UNEVEN}


# DDP sums the processes' gradients instead of averaging them (a communication hook that
# every DDP registers when it is made).
DDP_SUMS = """
    import torch
    import torch.distributed as dist
    import torch.nn.parallel
    DDP = torch.nn.parallel.DistributedDataParallel
    _init = DDP.__init__
    def summing_hook(state, bucket):
        work = dist.all_reduce(bucket.buffer(), async_op=True)
        return work.get_future().then(lambda future: future.value()[0])
    def __init__(self, *args, **kwargs):
        _init(self, *args, **kwargs)
        self.register_comm_hook(None, summing_hook)
    DDP.__init__ = __init__
    """


def fsdp2_method_ignored(name: str) -> str:
    """FSDPModule.<name>(...) is accepted and does nothing."""
    return f"""
    from torch.distributed.fsdp import FSDPModule
    FSDPModule.{name} = lambda self, *args, **kwargs: None
    """


def ddp_error_rewritten(old, new):
    """DDP's unused-parameter error with `old` in its message replaced by `new`."""
    return f"""
    import torch.nn.parallel
    _forward = torch.nn.parallel.DistributedDataParallel.forward
    def forward(self, *args, **kwargs):
        try:
            return _forward(self, *args, **kwargs)
        except RuntimeError as error:
            raise RuntimeError(str(error).replace({old!r}, {new!r})) from None
    torch.nn.parallel.DistributedDataParallel.forward = forward
    """


DRIFT = {
    # compiled_ddp_no_sync.py
    "no_sync() does nothing under torch.compile": (
        NO_SYNC_NO_OP,
        "snippets/accumulation/compiled_ddp_no_sync.py",
        "compiled-no-sync-one-all-reduce-per-step",
    ),
    # The complete loop
    "DataLoader drops the last incomplete batch by default": (
        """
        import torch.utils.data
        _init = torch.utils.data.DataLoader.__init__
        def __init__(self, *args, **kwargs):
            kwargs.setdefault("drop_last", True)
            _init(self, *args, **kwargs)
        torch.utils.data.DataLoader.__init__ = __init__
        """,
        COMPLETE,
        "complete-loop-steps-last-group",
    ),
    "zero_grad() writes zeros again (complete loop)": (
        OPTIMIZER_DEFAULTS_TO_ZEROS,
        COMPLETE,
        "complete-loop-leaves-no-grad",
    ),
    "backward overwrites .grad instead of adding (complete loop)": (
        OVERWRITE,
        COMPLETE,
        "complete-loop-matches-big-batch",
    ),
    "backward overwrites .grad instead of adding (summary)": (
        OVERWRITE,
        COMPLETE,
        "summary-loop-matches-full-batch",
    ),
    # The mechanism and the proof
    "backward overwrites .grad instead of adding": (
        OVERWRITE,
        S + "backward_adds_into_grad.py",
        "each-backward-adds-into-grad",
    ),
    "MSELoss defaults to reduction='sum'": (
        MSE_LOSS_SUMS,
        S + "accumulation_matches_full_batch.py",
        "losses-average-by-default",
    ),
    "mse_loss sums instead of averaging": (
        MSE_SUMS,
        S + "accumulation_matches_full_batch.py",
        "accumulated-gradient-equals-full-batch",
    ),
    "backward overwrites .grad instead of adding (loss curves)": (
        OVERWRITE,
        S + "loss_curves.py",
        "loss-curves-coincide",
    ),
    # BatchNorm
    "BatchNorm normalizes with running statistics in training mode": (
        BATCHNORM_USES_RUNNING_STATS,
        S + "batchnorm_breaks_equivalence.py",
        "batchnorm-accumulated-gradient-differs",
    ),
    "BatchNorm stops updating running statistics in training": (
        BATCHNORM_STOPS_TRACKING,
        S + "batchnorm_breaks_equivalence.py",
        "batchnorm-stats-update-per-micro-batch",
    ),
    "BatchNorm normalizes with running statistics (curves)": (
        BATCHNORM_USES_RUNNING_STATS,
        S + "loss_curves_batchnorm.py",
        "batchnorm-curves-part",
    ),
    "BatchNorm normalizes with running statistics (remedies)": (
        BATCHNORM_USES_RUNNING_STATS,
        S + "batchnorm_remedies.py",
        "batchnorm-training-mode-differs",
    ),
    "BatchNorm in eval mode normalizes with batch statistics": (
        BATCHNORM_EVAL_USES_BATCH_STATS,
        S + "batchnorm_remedies.py",
        "frozen-batchnorm-restores-equivalence",
    ),
    "LayerNorm starts normalizing over the batch": (
        """
        import torch
        torch.nn.LayerNorm.forward = lambda self, x: torch.nn.functional.batch_norm(
            x, None, None, self.weight, self.bias, training=True
        )
        """,
        S + "batchnorm_remedies.py",
        "layernorm-groupnorm-restore-equivalence",
    ),
    # Unequal token counts
    "cross_entropy's mean counts ignored tokens": (
        """
        import torch
        _cross_entropy = torch.nn.functional.cross_entropy
        def cross_entropy(input, target, *args, reduction="mean", **kwargs):
            if reduction != "mean":
                return _cross_entropy(input, target, *args, reduction=reduction, **kwargs)
            total = _cross_entropy(input, target, *args, reduction="sum", **kwargs)
            return total / target.numel()
        torch.nn.functional.cross_entropy = cross_entropy
        """,
        S + "unequal_token_counts.py",
        "cross-entropy-mean-over-valid-tokens",
    ),
    "backward overwrites .grad instead of adding (token counts)": (
        OVERWRITE,
        S + "unequal_token_counts.py",
        "sum-over-all-valid-tokens-matches",
    ),
    # The last incomplete batch
    "zero_grad() leaves zeros again, after the last short group": (
        OPTIMIZER_DEFAULTS_TO_ZEROS,
        S + "last_incomplete_batch.py",
        "fixed-loop-steps-every-group",
    ),
    "backward overwrites .grad instead of adding (short group)": (
        OVERWRITE,
        S + "last_incomplete_batch.py",
        "short-group-divided-by-real-size",
    ),
    # Schedulers
    "ExponentialLR stops decaying": (
        """
        import torch
        torch.optim.lr_scheduler.ExponentialLR.get_lr = lambda self: [
            group["lr"] for group in self.optimizer.param_groups
        ]
        """,
        S + "scheduler_per_optimizer_step.py",
        "scheduler-every-micro-batch-decays-fast",
    ),
    "scheduler.step() before optimizer.step() no longer warns": (
        SCHEDULER_WARNING_DROPPED,
        S + "scheduler_per_optimizer_step.py",
        "scheduler-before-optimizer-warns",
    ),
    "OneCycleLR's final_div_factor defaults to 1": (
        """
        import torch
        _init = torch.optim.lr_scheduler.OneCycleLR.__init__
        def __init__(self, *args, **kwargs):
            kwargs.setdefault("final_div_factor", 1.0)
            _init(self, *args, **kwargs)
        torch.optim.lr_scheduler.OneCycleLR.__init__ = __init__
        """,
        S + "onecycle_total_steps.py",
        "onecycle-sized-in-steps-ends",
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
        S + "onecycle_total_steps.py",
        "onecycle-past-total-steps-raises",
    ),
    "CosineAnnealingLR holds its minimum past T_max": (
        """
        import torch
        _step = torch.optim.lr_scheduler.CosineAnnealingLR.step
        def step(self, *args, **kwargs):
            result = _step(self, *args, **kwargs)
            if self.last_epoch >= self.T_max:
                for group in self.optimizer.param_groups:
                    group["lr"] = self.eta_min
                self._last_lr = [self.eta_min for _ in self.optimizer.param_groups]
            return result
        torch.optim.lr_scheduler.CosineAnnealingLR.step = step
        """,
        S + "onecycle_total_steps.py",
        "cosine-past-t-max-climbs-back",
    ),
    # Clipping
    "clip_grad_norm_ measures but no longer clips": (
        """
        import torch
        def clip_grad_norm_(parameters, max_norm, *args, **kwargs):
            grads = [p.grad for p in parameters if p.grad is not None]
            return torch.linalg.vector_norm(torch.stack([g.norm() for g in grads]))
        torch.nn.utils.clip_grad_norm_ = clip_grad_norm_
        """,
        S + "clip_at_boundary.py",
        "clipping-every-micro-batch-differs",
    ),
    "backward overwrites .grad instead of adding (clipping)": (
        OVERWRITE,
        S + "clip_at_boundary.py",
        "clipping-once-matches-full-batch",
    ),
    # GradScaler
    "GradScaler starts at 2**15": (
        scaler_default("init_scale", 2.0**15),
        AMP,
        "gradscaler-initial-scale",
    ),
    "GradScaler.scale stops multiplying": (
        """
        import torch
        torch.amp.GradScaler.scale = lambda self, outputs: outputs
        """,
        AMP,
        "scaled-grad-is-scale-times-gradient",
        IN_RECIPE,  # the recipe's unscale_() next raises: scale() never ran
    ),
    "GradScaler.unscale_ leaves the gradients scaled": (
        """
        import torch
        from torch.amp.grad_scaler import OptState
        def unscale_(self, optimizer):
            state = self._per_optimizer_states[id(optimizer)]
            if state["stage"] is OptState.UNSCALED:
                raise RuntimeError("unscale_() has already been called on this optimizer since the last update().")
            state["found_inf_per_device"] = {torch.device("cpu"): torch.zeros(1)}
            state["stage"] = OptState.UNSCALED
        torch.amp.GradScaler.unscale_ = unscale_
        """,
        AMP,
        "unscale-gives-real-gradient",
    ),
    "a second unscale_() is silently ignored": (
        """
        import torch
        from torch.amp.grad_scaler import OptState
        _unscale = torch.amp.GradScaler.unscale_
        def unscale_(self, optimizer):
            if self._per_optimizer_states[id(optimizer)]["stage"] is OptState.UNSCALED:
                return None
            return _unscale(self, optimizer)
        torch.amp.GradScaler.unscale_ = unscale_
        """,
        AMP,
        "second-unscale-raises",
    ),
    "GradScaler grows the scale on every update": (
        scaler_default("growth_interval", 1),
        AMP,
        "update-keeps-scale-without-overflow",
    ),
    "GradScaler.update halves the scale without an overflow": (
        UPDATE_HALVES,
        AMP,
        "update-keeps-scale-without-overflow",
    ),
    "GradScaler grows the scale 4 times at a time": (
        scaler_default("growth_factor", 4.0),
        AMP,
        "update-doubles-after-growth-interval",
    ),
    "GradScaler grows after 1000 steps without an overflow by default": (
        scaler_default("growth_interval", 1000),
        AMP,
        "update-doubles-after-growth-interval",
    ),
    "GradScaler.step stops unscaling by itself": (
        """
        import torch
        from torch.amp.grad_scaler import OptState
        _step = torch.amp.GradScaler.step
        def step(self, optimizer, *args, **kwargs):
            state = self._per_optimizer_states[id(optimizer)]
            if state["stage"] is OptState.READY:
                state["found_inf_per_device"] = {torch.device("cpu"): torch.zeros(1)}
                state["stage"] = OptState.UNSCALED
            return _step(self, optimizer, *args, **kwargs)
        torch.amp.GradScaler.step = step
        """,
        AMP,
        "step-unscales-by-itself",
    ),
    "torch.cuda.amp.GradScaler is no longer deprecated": (
        """
        import torch
        torch.cuda.amp.GradScaler.__init__ = lambda self, *args, **kwargs: None
        """,
        AMP,
        "cuda-amp-gradscaler-deprecated",
    ),
    # bfloat16
    "CPU autocast defaults to float16": (
        """
        import torch
        torch.set_autocast_dtype("cpu", torch.float16)
        """,
        BF16,
        "cpu-autocast-defaults-to-bfloat16",
    ),
    "float16 autocast on a CPU is turned off": (
        """
        import torch
        _init = torch.autocast.__init__
        def __init__(self, device_type, dtype=None, enabled=True, *args, **kwargs):
            if dtype == torch.float16:
                enabled = False
            _init(self, device_type, dtype, enabled, *args, **kwargs)
        torch.autocast.__init__ = __init__
        """,
        BF16,
        "fp16-small-gradients-underflow",
    ),
    "bfloat16 autocast computes in float16": (
        autocast_maps("bfloat16", "float16"),
        BF16,
        "bf16-small-gradients-survive",
    ),
    # torch.finfo(torch.bfloat16).max once crashed (noted in pytorch/pytorch#37051, 2020): a
    # wrong limits table for bfloat16 is the regression this simulates.
    "torch.finfo(torch.bfloat16) reports float16's limits": (
        """
        import torch
        _finfo = torch.finfo
        def finfo(type=None):
            if type is None:
                return _finfo()
            return _finfo(torch.float16 if type == torch.bfloat16 else type)
        torch.finfo = finfo
        """,
        BF16,
        "bf16-has-float32-range",
    ),
    # Skipped steps
    "GradScaler no longer lowers the scale after an overflow": (
        """
        import torch
        _update = torch.amp.GradScaler.update
        def update(self, new_scale=None):
            scale = self.get_scale()
            _update(self, new_scale)
            if self.get_scale() < scale:
                self._scale.fill_(scale)
        torch.amp.GradScaler.update = update
        """,
        SKIP,
        "lower-scale-means-skipped-step",
    ),
    "GradScaler quarters the scale after an overflow": (
        scaler_default("backoff_factor", 0.25),
        SKIP,
        "overflow-halves-the-scale",
    ),
    "schedulers ignore a step with no optimizer step before it": (
        SCHEDULER_FOLLOWS_REAL_STEPS,
        SKIP,
        "skipped-step-scheduler-runs-ahead",
    ),
    "scheduler.step() before optimizer.step() no longer warns (GradScaler)": (
        SCHEDULER_WARNING_DROPPED,
        SKIP,
        "skipped-first-step-warns",
    ),
    # DDP
    "DDP's default hook leaves each rank its own gradient": (
        allreduce_hook_becomes("pass"),
        DDP_EXAMPLE,
        "ddp-ranks-hold-same-gradient",
    ),
    "DDP's default hook sums instead of averaging": (
        allreduce_hook_becomes("torch.distributed.all_reduce(buffer)"),
        DDP_EXAMPLE,
        "ddp-accumulation-equals-full-batch",
    ),
    "no_sync() becomes a no-op": (
        NO_SYNC_NO_OP,
        DDP_EXAMPLE,
        "no-sync-skips-allreduce",
    ),
    "no_sync() becomes a no-op (all-reduce count)": (
        NO_SYNC_NO_OP,
        DDP_EXAMPLE,
        "no-sync-one-allreduce-per-step",
    ),
    "no_sync() becomes a no-op (summary)": (
        NO_SYNC_NO_OP,
        DDP_EXAMPLE,
        "summary-no-sync",
    ),
    # Checkpointing
    "checkpoint() defaults to use_reentrant=False without a warning": (
        """
        import torch.utils.checkpoint
        _checkpoint = torch.utils.checkpoint.checkpoint
        def checkpoint(function, *args, use_reentrant=None, **kwargs):
            if use_reentrant is None:
                use_reentrant = False
            return _checkpoint(function, *args, use_reentrant=use_reentrant, **kwargs)
        torch.utils.checkpoint.checkpoint = checkpoint
        """,
        S + "checkpointing_memory.py",
        "checkpoint-recommends-use-reentrant-false",
    ),
    "checkpoint() keeps every activation": (
        CHECKPOINT_KEEPS_ACTIVATIONS,
        S + "checkpointing_memory.py",
        "checkpointing-lowers-saved-memory",
    ),
    # Unused parameters
    "DDP finds unused parameters by default": (
        """
        import torch.nn.parallel
        _init = torch.nn.parallel.DistributedDataParallel.__init__
        def __init__(self, module, *args, **kwargs):
            if not kwargs.get("static_graph"):
                kwargs.setdefault("find_unused_parameters", True)
            _init(self, module, *args, **kwargs)
        torch.nn.parallel.DistributedDataParallel.__init__ = __init__
        """,
        UNUSED,
        "ddp-unused-parameter-raises",
    ),
    "DDP's unused-parameter error stops naming the argument": (
        ddp_error_rewritten("find_unused_parameters=True", "unused parameter detection"),
        UNUSED,
        "ddp-error-names-find-unused-parameters",
    ),
    "DDP's unused-parameter error stops listing indices": (
        ddp_error_rewritten("did not receive grad", "had no grad"),
        UNUSED,
        "ddp-error-lists-unused-indices",
    ),
    "find_unused_parameters=True fills unused gradients with zeros": (
        """
        import torch
        import torch.nn.parallel
        _forward = torch.nn.parallel.DistributedDataParallel.forward
        def forward(self, *args, **kwargs):
            if self.find_unused_parameters:
                for p in self.module.parameters():
                    if p.grad is None:
                        p.grad = torch.zeros_like(p)
            return _forward(self, *args, **kwargs)
        torch.nn.parallel.DistributedDataParallel.forward = forward
        """,
        FIND_UNUSED,
        "find-unused-parameters-fixes-it",
    ),
    "static_graph=True accepts no_sync() before the first synced step": (
        """
        import torch.nn.parallel
        _init = torch.nn.parallel.DistributedDataParallel.__init__
        def __init__(self, module, *args, static_graph=False, **kwargs):
            if static_graph:
                kwargs["find_unused_parameters"] = True
            _init(self, module, *args, **kwargs)
        torch.nn.parallel.DistributedDataParallel.__init__ = __init__
        """,
        UNUSED,
        "static-graph-no-sync-first-fails",
    ),
    # pytorch/pytorch#187732: with the crash avoided, static_graph=True stopped all-reducing
    # from the second iteration on; simulated where the example looks, the comm hook.
    "static_graph=True stops all-reducing after its first synced backward": (
        comm_hook_skips("self.static_graph and calls > 1"),
        UNUSED,
        "static-graph-no-sync-after-synced-backward",
    ),
    # FSDP2
    "FSDP2 drops the gradient of a micro-batch that skipped the sync": (
        """
        from torch.distributed.fsdp._fully_shard._fsdp_param import FSDPParam
        def to_accumulated_grad_if_needed(self):
            self._unsharded_param.grad = None
        FSDPParam.to_accumulated_grad_if_needed = to_accumulated_grad_if_needed
        """,
        FSDP2,
        "fsdp2-skip-sync-same-gradient",
    ),
    "set_requires_gradient_sync(False) does nothing": (
        fsdp2_method_ignored("set_requires_gradient_sync"),
        FSDP2,
        "fsdp2-sync-off-skips-reduce-scatters",
    ),
    "set_reshard_after_backward(False) does nothing": (
        fsdp2_method_ignored("set_reshard_after_backward"),
        FSDP2,
        "fsdp2-reshard-off-fewer-all-gathers",
    ),
    "mse_loss sums instead of averaging (FSDP2)": (
        MSE_SUMS,
        FSDP2,
        "fsdp2-equals-full-batch",
    ),
    "fully_shard shards each parameter on its last dimension by default": (
        """
        import torch.distributed.fsdp
        from torch.distributed.tensor import Shard
        _fully_shard = torch.distributed.fsdp.fully_shard
        def fully_shard(module, **kwargs):
            kwargs.setdefault("shard_placement_fn", lambda param: Shard(param.ndim - 1))
            return _fully_shard(module, **kwargs)
        torch.distributed.fsdp.fully_shard = fully_shard
        """,
        FSDP2,
        "fsdp2-grad-is-dtensor-shard",
    ),
    # Mixed precision: bfloat16 parameters, FSDP2's MixedPrecisionPolicy
    "FSDP2 ignores param_dtype and computes in float32": (
        """
        import dataclasses
        from torch.distributed.fsdp import MixedPrecisionPolicy
        _init = MixedPrecisionPolicy.__init__
        def __init__(self, *args, **kwargs):
            _init(self, *args, **kwargs)
            object.__setattr__(self, "param_dtype", None)
        MixedPrecisionPolicy.__init__ = __init__
        """,
        FSDP2_MIXED,
        "fsdp2-mixed-precision-dtypes",
    ),
    "FSDP2 accumulates skipped micro-batches in the compute dtype whatever reduce_dtype": (
        """
        from torch.distributed.fsdp._fully_shard._fsdp_param import FSDPParam
        FSDPParam.to_accumulated_grad_if_needed = lambda self: None
        """,
        BF16_DRIFT,
        "fsdp2-reduce-dtype-accumulates-float32",
    ),
    "MixedPrecisionPolicy reduces in float32 by default": (
        """
        import torch
        from torch.distributed.fsdp import MixedPrecisionPolicy
        _init = MixedPrecisionPolicy.__init__
        def __init__(self, param_dtype=None, reduce_dtype=None, *args, **kwargs):
            _init(self, param_dtype, reduce_dtype or torch.float32, *args, **kwargs)
        MixedPrecisionPolicy.__init__ = __init__
        """,
        BF16_DRIFT,
        "fsdp2-param-dtype-alone-accumulates-bf16",
    ),
    "bfloat16 autocast computes in float16 (accumulated in float32)": (
        autocast_maps("bfloat16", "float16"),
        BF16_DRIFT,
        "autocast-accumulates-float32",
    ),
    # gradient_as_bucket_view
    "DDP ignores gradient_as_bucket_view": (
        """
        import torch.nn.parallel
        _init = torch.nn.parallel.DistributedDataParallel.__init__
        def __init__(self, module, *args, **kwargs):
            kwargs["gradient_as_bucket_view"] = False
            _init(self, module, *args, **kwargs)
        torch.nn.parallel.DistributedDataParallel.__init__ = __init__
        """,
        BUCKET_VIEW,
        "bucket-view-grads-share-one-buffer",
    ),
    "zero_grad() zeroes a gradient that is a view instead of dropping it": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=True):
            _zero_grad(self, set_to_none=False)
            if set_to_none:
                for group in self.param_groups:
                    for p in group["params"]:
                        if p.grad is not None and p.grad._base is None:
                            p.grad = None
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        BUCKET_VIEW,
        "bucket-view-set-to-none-allocates",
    ),
    # Uneven inputs: Join, DistributedSampler
    "Join leaves each process with its own final weights": (
        """
        from torch.nn.parallel.distributed import _DDPJoinHook
        _DDPJoinHook.post_hook = lambda self, is_last_joiner: None
        """,
        UNEVEN,
        "join-syncs-final-weights",
    ),
    "Join always divides by the processes still training": (
        """
        import torch.nn.parallel
        _join_hook = torch.nn.parallel.DistributedDataParallel.join_hook
        def join_hook(self, **kwargs):
            kwargs["divide_by_initial_world_size"] = False
            return _join_hook(self, **kwargs)
        torch.nn.parallel.DistributedDataParallel.join_hook = join_hook
        """,
        UNEVEN,
        "join-divides-by-initial-world-size",
    ),
    "DistributedSampler drops the samples that do not divide evenly": (
        """
        import torch.utils.data
        _init = torch.utils.data.DistributedSampler.__init__
        def __init__(self, *args, **kwargs):
            kwargs["drop_last"] = True
            _init(self, *args, **kwargs)
        torch.utils.data.DistributedSampler.__init__ = __init__
        """,
        JOIN_LOOP,
        "distributed-sampler-pads-evenly",
    ),
    # Token counts across processes
    "DDP sums the processes' gradients instead of averaging them": (
        DDP_SUMS,
        TOKENS,
        "token-count-all-reduce-matches",
    ),
    "DDP sums the processes' gradients instead of averaging them (unequal micro-batches)": (
        DDP_SUMS,
        TOKENS,
        "token-count-times-world-size",
    ),
    # Added for the claims that had no case
    "drop_last=True counts the short micro-batch in len(loader)": (
        """
        import torch.utils.data
        def __len__(self):
            return (len(self.sampler) + self.batch_size - 1) // self.batch_size
        torch.utils.data.BatchSampler.__len__ = __len__
        """,
        S + "last_incomplete_batch.py",
        "drop-last-drops-micro-batch-only",
    ),
    "the scheduler stops seeing optimizer.step() and warns in the right order": (
        SCHEDULER_MISSES_OPTIMIZER_STEP,
        S + "scheduler_per_optimizer_step.py",
        "right-order-no-warning",
    ),
    "the scheduler stops seeing optimizer.step() (GradScaler)": (
        SCHEDULER_MISSES_OPTIMIZER_STEP,
        SKIP,
        "scheduler-after-real-steps-only",
    ),
    "the scheduler stops seeing optimizer.step() (summary)": (
        SCHEDULER_MISSES_OPTIMIZER_STEP,
        SKIP,
        "summary-once-per-effective-batch",
    ),
    "DDP honours no_sync() at backward time too": (
        in_every_process(comm_hook_skips("not self.require_backward_grad_sync")),
        DDP_EXAMPLE,
        "forward-outside-no-sync-still-syncs",
    ),
    "backward leaves the saved tensors alive": (
        """
        import torch.autograd.graph
        _kept = []
        class saved_tensors_hooks(torch.autograd.graph.saved_tensors_hooks):
            def __init__(self, pack_hook, unpack_hook):
                def pack(tensor):
                    _kept.append(pack_hook(tensor))
                    return _kept[-1]
                super().__init__(pack, unpack_hook)
        torch.autograd.graph.saved_tensors_hooks = saved_tensors_hooks
        """,
        S + "peak_memory.py",
        "backward-frees-saved-tensors",
    ),
    "Linear stops saving its weight, reading it at backward time": (
        linear_saves("input"),
        PEAK,
        "linear-saves-weight-for-input-grad",
    ),
    "Linear saves a copy of its weight": (
        linear_saves("input, weight.clone()"),
        S + "saved_for_backward.py",
        "saved-memory-shrinks-with-rows",
    ),
    "chunk() returns copies": (
        """
        import torch
        _chunk = torch.Tensor.chunk
        torch.Tensor.chunk = lambda self, *args, **kwargs: [
            c.clone() for c in _chunk(self, *args, **kwargs)
        ]
        """,
        PEAK,
        "saved-input-chunk-is-a-view",
    ),
    "Tanh saves its input too": (
        TANH_SAVES_INPUT,
        PEAK,
        "step-peak-is-one-micro-batch",
    ),
    "Tanh saves its input too (summary)": (
        TANH_SAVES_INPUT,
        PEAK,
        "summary-memory-not-arithmetic",
    ),
    # Checkpointing, BatchNorm in a checkpointed segment
    "checkpoint() without use_reentrant raises, as its warning announces": (
        """
        import torch.utils.checkpoint
        _checkpoint = torch.utils.checkpoint.checkpoint
        def checkpoint(function, *args, use_reentrant=None, **kwargs):
            if use_reentrant is None:
                raise ValueError("torch.utils.checkpoint: pass use_reentrant explicitly")
            return _checkpoint(function, *args, use_reentrant=use_reentrant, **kwargs)
        torch.utils.checkpoint.checkpoint = checkpoint
        """,
        CHECKPOINTING,
        "checkpoint-default-still-reentrant",
        IN_RECIPE,  # the recipe's first call, without use_reentrant, raises
    ),
    "checkpoint() without use_reentrant warns, then runs the non-reentrant way": (
        CHECKPOINT_DEFAULT_NON_REENTRANT,
        CHECKPOINTING,
        "checkpoint-default-still-reentrant",
    ),
    "checkpoint() without use_reentrant warns, then runs the non-reentrant way (no graph)": (
        CHECKPOINT_DEFAULT_NON_REENTRANT,
        CHECKPOINTING,
        "reentrant-segment-of-data-has-no-graph",
    ),
    "checkpoint() puts BatchNorm's statistics back after recomputing": (
        """
        import torch
        import torch.utils.checkpoint
        _checkpoint = torch.utils.checkpoint.checkpoint
        def checkpoint(function, *args, **kwargs):
            calls = []
            def once(*a, **k):
                calls.append(1)
                norms = [
                    m for m in function.modules()
                    if isinstance(m, torch.nn.modules.batchnorm._BatchNorm)
                ] if len(calls) > 1 else []
                kept = [[b.clone() for b in m.buffers()] for m in norms]
                try:
                    return function(*a, **k)
                finally:
                    for m, buffers in zip(norms, kept):
                        for b, old in zip(m.buffers(), buffers):
                            b.copy_(old)
            return _checkpoint(once, *args, **kwargs)
        torch.utils.checkpoint.checkpoint = checkpoint
        """,
        CHECKPOINT_BATCHNORM,
        "checkpointed-batchnorm-updates-twice",
    ),
    # Frozen BatchNorm
    "BatchNorm in eval mode stops training its weight and bias": (
        """
        import torch
        _forward = torch.nn.BatchNorm1d.forward
        def forward(self, x):
            if self.training:
                return _forward(self, x)
            return torch.nn.functional.batch_norm(
                x, self.running_mean, self.running_var, self.weight.detach(),
                self.bias.detach(), False, 0.0, self.eps,
            )
        torch.nn.BatchNorm1d.forward = forward
        """,
        FREEZE,
        "frozen-batchnorm-weights-still-learn",
    ),
    "Module.train() leaves a BatchNorm in eval mode as it is": (
        """
        import torch
        _train = torch.nn.Module.train
        def train(self, mode=True):
            frozen = [
                m for m in self.modules()
                if isinstance(m, torch.nn.BatchNorm1d) and not m.training
            ]
            result = _train(self, mode)
            for m in frozen:
                m.training = False
            return result
        torch.nn.Module.train = train
        """,
        FREEZE,
        "train-unfreezes-batchnorm",
    ),
    # Resuming
    "GradScaler.load_state_dict keeps its own scale": (
        SCALER_LOAD_KEEPS_SCALE,
        RESUME,
        "resume-at-group-boundary-matches",
    ),
    "GradScaler.load_state_dict keeps its own scale (summary)": (
        SCALER_LOAD_KEEPS_SCALE,
        RESUME,
        "summary-resume-between-groups",
    ),
    "GradScaler quarters the scale after an overflow (resuming)": (
        scaler_default("backoff_factor", 0.25),
        RESUME,
        "scaler-state-holds-the-scale",
    ),
    # Logging the loss of a step
    "mse_loss sums instead of averaging (step loss)": (
        MSE_SUMS,
        S + "log_step_loss.py",
        "step-loss-is-batch-loss",
    ),
    "Linear saves its weight even when its input needs no gradient": (
        linear_saves("input, weight"),
        S + "peak_memory.py",
        "linear-saves-weight-for-input-grad",
    ),
}

# Claims no plausible release can break at their own assert, and why (CONTRIBUTING.md,
# "Adding a drift case").
NO_DRIFT = {
    "find-unused-parameters-extra-all-reduce": (
        "DDP's C++ reducer issues the all-reduce of the used-parameter map itself, where no "
        "Python patch reaches; a release that dropped it would fail this assert, as the weekly "
        "run on new releases would show"
    ),
    "fsdp2-sync-off-shard-has-no-grad": (
        "a shard can only get its gradient from a reduce-scatter, which "
        "fsdp2-sync-off-skips-reduce-scatters counts just before; a release that filled it "
        "without one fails that count first"
    ),
    "fsdp2-reshard-off-keeps-whole-weight": (
        "keeping the parameters unsharded is how the resharding switch saves the all-gathers "
        "fsdp2-reshard-off-fewer-all-gathers counts just before; the switch doing nothing fails "
        "there first"
    ),
    "bf16-parameters-bf16-grad": (
        "a .grad must have its parameter's dtype (assigning another raises), so a bfloat16 "
        "parameter's gradient is bfloat16 while that rule holds"
    ),
    "bf16-accumulation-drifts": (
        "the error is the rounding of each add to bfloat16's 8 significant bits, arithmetic no "
        "release changes while .grad keeps its parameter's dtype"
    ),
    "bucket-view-same-gradient": (
        "the same additions land in the bucket or in separate tensors, so the values agree "
        "however DDP lays the gradients out; DDP ignoring the flag fails "
        "bucket-view-grads-share-one-buffer first"
    ),
    "join-uneven-ranks-finish": (
        "without the joined process shadowing the all-reduces, the other would wait until the "
        "60 s timeout and the runner would report the workers' failure, not this assert"
    ),
    "join-all-reduces-every-forward": (
        "Join learns that a process has joined only through a collective on every iteration; "
        "the all-reduces are issued inside Join and DDP's C++ reducer, where a patch that "
        "removed them would make the processes hang, not fail this assert"
    ),
    "token-count-local-is-wrong": (
        "7 and 3 tokens weighted by their own counts differ from all 10 weighted alike by "
        "arithmetic; a DDP that summed instead of averaging fails "
        "token-count-all-reduce-matches first"
    ),
    "token-count-ddp-averages": (
        "it is the averaging asserted by token-count-all-reduce-matches just before, whose "
        "summing case fails first"
    ),
    "compiled-accumulation-same-gradient": (
        "compiled and eager accumulation add the same numbers; a compiled gradient that "
        "differed would need a patch inside AOTAutograd, and no_sync() doing nothing keeps "
        "the sum the same (each all-reduce of one process is the identity)"
    ),
    "ddp-allreduces-every-backward": (
        "without no_sync() DDP cannot tell which backward ends a group, so no release can skip "
        "one; the patches that reach this assert (smaller buckets: more calls per backward) "
        "change the example's count, not the claim"
    ),
    "sum-restarts-after-none": (
        "with .grad set to None by the example itself, backward storing the gradient it computes "
        "is every example's first backward, and the overwrite patch fails "
        "each-backward-adds-into-grad first"
    ),
    "accumulated-training-equals-full-batch": (
        "with each effective batch's gradient equal to the full batch's "
        "(accumulated-gradient-equals-full-batch, just above) and the same SGD steps, the weights "
        "stay equal by arithmetic; MSE summing and backward overwriting fail that assert first"
    ),
    "batchnorm-curves-equal-before-update": (
        "both runs build the model after torch.manual_seed(1) and measure it before any step, so "
        "the two first losses are one computation on the same weights, which only a seed that "
        "stops reproducing would change, and every seeded example relies on it"
    ),
    "mean-per-micro-batch-is-wrong": (
        "with the mean over the valid tokens only (cross-entropy-mean-over-valid-tokens, just "
        "above), weighting a 4-token and a 15-token micro-batch alike misses the 19-token mean "
        "by arithmetic; a mean over all 16 positions would make them equal, and fails that "
        "assert first"
    ),
    "summary-batchnorm-and-token-counts": (
        "it shares mean-per-micro-batch-is-wrong's assert, the arithmetic of two unequal token "
        "counts; a mean over all positions fails cross-entropy-mean-over-valid-tokens first"
    ),
    "naive-loop-leaves-last-group": (
        "the step count is the example's own modulo test, and .grad holding something after two "
        "backward passes is what backward does in every example; the zero_grad patches leave a "
        ".grad there too"
    ),
    "scheduler-per-optimizer-step-right": (
        "3 steps of gamma 0.9 from 0.1 is the ExponentialLR arithmetic that "
        "scheduler-every-micro-batch-decays-fast asserts first with 12 steps, where a change of "
        "the decay or of the step count fails"
    ),
    "onecycle-sized-in-micro-batches-stays-high": (
        "the 6th of 20 OneCycleLR steps ends the warm-up (pct_start=0.3), so the lr is the peak "
        "0.1, and it stays above 0.05 under any one other default (anneal_strategy='linear', "
        "three_phase=True, pct_start from 0.1 to 0.5), checked on torch 2.13"
    ),
    "ddp-averages-gradients-over-ranks": (
        "with equal halves and a mean loss, the full-batch gradient of "
        "ddp-accumulation-equals-full-batch is the mean of the two ranks' local gradients, so a "
        "hook that sums or keeps each rank's own fails that assert first"
    ),
    "micro-batches-same-flops": (
        "FlopCounterMode counts matrix multiplies as 2·m·n·k, linear in the rows m, so 8 "
        "chunks of 64 rows total what 512 rows do under any formula of that kind, and no layer "
        "here multiplies anything but its rows"
    ),
    "complete-loop-mean-per-micro-batch-misses": (
        "arithmetic: weighting a 2-row and a 4-row micro-batch alike misses the mean over their 6 "
        "rows whatever the loss, unless every row's gradient were the same; a change of "
        "cross_entropy's mean would move the big batch too, and fails "
        "complete-loop-matches-big-batch first"
    ),
    "batchnorm-outside-checkpoint-updates-once": (
        "one forward pass of a BatchNorm in training mode is one update of its statistics, which "
        "every BatchNorm example relies on; BatchNorm that stopped tracking fails "
        "checkpointed-batchnorm-updates-twice, just above, first"
    ),
    "autocast-grads-in-parameter-dtype": (
        "a parameter's .grad must have the parameter's dtype (assigning another raises), so a "
        "bfloat16 gradient on a float32 parameter would need autocast to convert the parameters "
        "themselves, which it was built not to do"
    ),
    "resume-mid-group-loses-partial-gradient": (
        "no state_dict holds .grad (gradients are not module state), so a checkpoint cannot carry "
        "the partial sum; a release that added it would be a new API, and the example would "
        "then show it"
    ),
    "micro-batches-more-kernel-calls": (
        "only the two chunk() calls run once per step, every other call once per forward and "
        "backward pass (31 on torch 2.13), so 8 micro-batches stay above 7 times one batch while "
        "a pass takes more than 12 calls: a release would have to fuse the two layers' forward "
        "and backward into 12 kernels or fewer"
    ),
    "combined-below-accumulation-alone": (
        "by the example's bookkeeping, 8 micro-batches minus the recomputed segment leave the "
        "first segment's four activations, its weights and the target, more than checkpointing "
        "keeps (two segment inputs, the output, the target) whatever each layer saves; "
        "checkpoint keeping its activations fails checkpointing-lowers-saved-memory first"
    ),
    "checkpointing-runs-segment-twice": (
        "the lower memory asserted at checkpointing-lowers-saved-memory needs the segment run "
        "again in backward, so checkpoint keeping its activations (no second run) fails there "
        "first, and nothing in checkpoint runs it a third time (determinism_check compares the "
        "recomputed tensors' shapes, dtypes and devices, it does not rerun)"
    ),
    "checkpointing-same-gradients": (
        "recomputing the same deterministic operations (no dropout, no randomness) on the same "
        "inputs and weights gives the same values, so only wrong gradients from autograd itself, "
        "which every example would show, could differ"
    ),
}
