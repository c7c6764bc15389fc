"""Simulated PyTorch changes to what the troubleshooting page teaches (its checklists).

Each case monkeypatches torch, as a new PyTorch release might behave, and must stop the
build's runner at the assert of the claim it names (CONTRIBUTING.md, "Adding a drift case").
"""

from __future__ import annotations

from drift_cases import (
    CONVERSION_MAKES_LEAF,
    MODULE_DEFAULTS_TO_ZEROS,
    MSE_LOSS_SUMS,
    NO_GRAD_RECORDS,
    NON_LEAF_GRAD_ZEROS,
    leaf_grad_reads_zeros,
)
from drift_cases.accumulation import (
    BATCHNORM_USES_RUNNING_STATS,
    NO_SYNC_NO_OP,
    SCHEDULER_FOLLOWS_REAL_STEPS,
    comm_hook_skips,
)
from drift_cases.retention import GRAPHS_KEPT

S = "snippets/troubleshooting/"
WHY_NONE = S + "why_grad_is_none.py"

# A leaf that requires grad but that backward never reached reads a zero .grad, as if
# backward materialized every missing gradient.
UNREACHED_LEAF_READS_ZEROS = leaf_grad_reads_zeros(requires_grad=True)
# The scheduler-before-optimizer warning comes on every scheduler step that no optimizer
# step preceded, not only on the first one.
SCHEDULER_WARNS_EVERY_TIME = """
    import warnings
    import torch
    _step = torch.optim.lr_scheduler.LRScheduler.step
    def step(self, *args, **kwargs):
        user_step = self._step_count >= 1
        stepped = getattr(self.optimizer, "_opt_called", False)
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*before `optimizer")
            result = _step(self, *args, **kwargs)
        if user_step and not stepped:
            warnings.warn(
                "Detected call of `lr_scheduler.step()` before `optimizer.step()`.",
                UserWarning,
                stacklevel=2,
            )
        self.optimizer._opt_called = False
        return result
    torch.optim.lr_scheduler.LRScheduler.step = step
    """

DRIFT = {
    # gradscaler_scale_collapses.py
    "GradScaler stops halving its scale": (
        """
        import torch
        _init = torch.amp.GradScaler.__init__
        def __init__(self, *args, **kwargs):
            kwargs["backoff_factor"] = 0.999  # it must stay below 1
            _init(self, *args, **kwargs)
        torch.amp.GradScaler.__init__ = __init__
        """,
        "snippets/troubleshooting/gradscaler_scale_collapses.py",
        "collapsing-scale-halves-every-skipped-step",
    ),
    "GradScaler steps on an inf gradient": (
        """
        import torch
        def step(self, optimizer, *args, **kwargs):
            self.unscale_(optimizer)
            return optimizer.step(*args, **kwargs)
        torch.amp.GradScaler.step = step
        """,
        "snippets/troubleshooting/gradscaler_scale_collapses.py",
        "collapsing-scale-skips-every-step",
    ),
    "Module.zero_grad defaults to zeros again (checklist)": (
        MODULE_DEFAULTS_TO_ZEROS,
        "snippets/troubleshooting/why_grad_is_none.py",
        "grad-none-after-zero-grad",
    ),
    "requires_grad_(False) on a parameter is ignored by backward": (
        """
        import torch
        _requires_grad_ = torch.Tensor.requires_grad_
        def requires_grad_(self, requires_grad=True):
            return self if isinstance(self, torch.nn.Parameter) else _requires_grad_(self, requires_grad)
        torch.Tensor.requires_grad_ = requires_grad_
        torch.nn.Parameter.requires_grad_ = requires_grad_
        """,
        "snippets/troubleshooting/why_grad_is_none.py",
        "grad-none-frozen-parameter",
    ),
    "Module.zero_grad clears nothing: zeroing per micro-batch becomes harmless": (
        """
        import torch
        torch.nn.Module.zero_grad = lambda self, set_to_none=True: None
        """,
        "snippets/troubleshooting/accumulation_loss_flat.py",
        "accumulation-zero-grad-per-micro-batch-loses",
    ),
    "graphs keep their saved tensors after backward": (
        GRAPHS_KEPT,
        "snippets/troubleshooting/memory_grows.py",
        "retain-graph-keeps-saved-tensors",
    ),
    "BatchNorm normalizes with its running statistics in training mode": (
        BATCHNORM_USES_RUNNING_STATS,
        "snippets/troubleshooting/grads_differ_from_big_batch.py",
        "batchnorm-micro-batches-differ",
    ),
    "detach() keeps the tensor in the graph": (
        """
        import torch
        torch.Tensor.detach = lambda self: self
        """,
        "snippets/troubleshooting/why_grad_is_none.py",
        "grad-none-detached-path",
    ),
    "MSELoss sums by default instead of averaging": (
        MSE_LOSS_SUMS,
        "snippets/troubleshooting/grads_differ_from_big_batch.py",
        "unequal-sizes-divide-by-count",
    ),
    # find_params_without_grad.py, why_grad_is_none.py
    "a parameter backward never reached reads a zero .grad (the list)": (
        UNREACHED_LEAF_READS_ZEROS,
        S + "find_params_without_grad.py",
        "grad-none-list-missing-parameters",
    ),
    "a parameter backward never reached reads a zero .grad": (
        UNREACHED_LEAF_READS_ZEROS,
        WHY_NONE,
        "grad-none-unused-parameter",
    ),
    "a non-leaf .grad reads as zeros (checklist)": (
        NON_LEAF_GRAD_ZEROS,
        WHY_NONE,
        "grad-none-non-leaf",
    ),
    "a converted copy becomes a new leaf (checklist)": (
        CONVERSION_MAKES_LEAF,
        WHY_NONE,
        "grad-none-converted-copy",
    ),
    "no_grad() stops switching recording off (checklist)": (
        NO_GRAD_RECORDS,
        WHY_NONE,
        "grad-none-under-no-grad",
    ),
    # accumulation_loss_flat.py
    "schedulers ignore a step with no optimizer step before it (checklist)": (
        SCHEDULER_FOLLOWS_REAL_STEPS,
        S + "accumulation_loss_flat.py",
        "accumulation-scheduler-per-micro-batch-decays",
    ),
    "scheduler.step() before optimizer.step() warns every time, not once": (
        SCHEDULER_WARNS_EVERY_TIME,
        S + "accumulation_loss_flat.py",
        "scheduler-per-micro-batch-warns-once",
    ),
    "get_last_lr() reports the initial learning rate": (
        """
        import torch
        torch.optim.lr_scheduler.LRScheduler.get_last_lr = lambda self: list(self.base_lrs)
        """,
        S + "accumulation_loss_flat.py",
        "scheduler-per-micro-batch-logged-lr",
    ),
    "the scheduler's first step warns even after an optimizer step": (
        """
        import warnings
        import torch
        _step = torch.optim.lr_scheduler.LRScheduler.step
        def step(self, *args, **kwargs):
            first = self._step_count == 1
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", message=".*before `optimizer")
                result = _step(self, *args, **kwargs)
            if first:
                warnings.warn(
                    "Detected call of `lr_scheduler.step()` before `optimizer.step()`.",
                    UserWarning,
                    stacklevel=2,
                )
            return result
        torch.optim.lr_scheduler.LRScheduler.step = step
        """,
        S + "accumulation_loss_flat.py",
        "scheduler-warning-needs-first-call-first",
    ),
    # ddp_log_all_reduces.py, ddp_forward_outside_no_sync.py
    "no_sync() becomes a no-op (the logged all-reduces)": (
        NO_SYNC_NO_OP,
        S + "ddp_log_all_reduces.py",
        "ddp-hook-logs-one-all-reduce",
    ),
    "DDP honours no_sync() at backward time too (troubleshooting)": (
        comm_hook_skips("not self.require_backward_grad_sync"),
        S + "ddp_forward_outside_no_sync.py",
        "ddp-forward-outside-all-reduces-every-time",
    ),
    # memory_grows.py
    "backward() detaches the loss it ran from": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
            _backward(self, gradient, retain_graph, create_graph, inputs)
            if not (retain_graph or create_graph):
                self.detach_()
        torch.Tensor.backward = backward
        """,
        S + "memory_grows.py",
        "logging-loss-tensor-keeps-graphs",
    ),
    "detach() keeps the tensor in the graph (outputs kept for later)": (
        """
        import torch
        torch.Tensor.detach = lambda self: self
        """,
        S + "memory_grows.py",
        "detached-outputs-keep-no-graph",
    ),
    "no_grad() records the graph (outputs kept for later)": (
        NO_GRAD_RECORDS,
        S + "memory_grows.py",
        "detached-outputs-keep-no-graph",
    ),
}

# Claims no plausible release change breaks at their own assert (see detach.py).
NO_DRIFT = {
    "kept-outputs-keep-graphs": (
        "an output reaches its graph through its grad_fn for as long as the output lives, which "
        "is how backward() finds the graph at all: a release that dropped it would break every "
        "backward on the site, and the other examples' cases first"
    ),
    "short-last-group-gradient-too-small": (
        "follows from the claim before it (mean reduction, gradients adding up): every change "
        "that breaks it breaks unequal-sizes-divide-by-count first, whose cases cover both"
    ),
}
