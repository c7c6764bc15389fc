"""Simulated PyTorch changes to the error-message index: a message reworded, a warning
dropped, a behaviour an entry's cause line states. The headings follow the messages by
themselves (gradsite/errorindex.py); these cases prove that the asserts under them stop
the build, so an author rereads the entry. See CONTRIBUTING.md ("Adding a drift case").
"""

from __future__ import annotations

from drift_cases import (
    BACKWARD_STOPS_WARNING,
    IN_RECIPE,
    MODULE_DEFAULTS_TO_ZEROS,
    NON_LEAF_GRAD_QUIET,
    reworded,
)
from drift_cases.accumulation import ddp_error_rewritten
from drift_cases.detach import DRIFT as DETACH_DRIFT

SGD_STEP_OUT_OF_PLACE = DETACH_DRIFT["optimizer steps stop writing into the parameters in place"][0]


def _quiet(target: str) -> str:
    """A patch that makes `target` (a callable attribute) stop warning."""
    owner, _, name = target.rpartition(".")
    return f"""
        import warnings, torch, torch.utils.checkpoint
        _original = {target}
        def quiet(*args, **kwargs):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return _original(*args, **kwargs)
        {owner}.{name} = quiet
        """


# checkpoint() without use_reentrant keeps warning but runs use_reentrant=False, the default
# its documentation recommends.
CHECKPOINT_DEFAULTS_TO_NON_REENTRANT = """
    import warnings, torch.utils.checkpoint
    _checkpoint = torch.utils.checkpoint.checkpoint
    def checkpoint(*args, use_reentrant=None, **kwargs):
        if use_reentrant is None:
            warnings.warn(  # the warning, as before
                "torch.utils.checkpoint: the use_reentrant parameter should be passed "
                "explicitly. Starting in PyTorch 2.9, calling checkpoint without "
                "use_reentrant will raise an exception.",
                stacklevel=2,
            )
            use_reentrant = False
        return _checkpoint(*args, use_reentrant=use_reentrant, **kwargs)
    torch.utils.checkpoint.checkpoint = checkpoint
    """

DRIFT = {
    # the messages added with issue 33
    "autograd.grad's no-grad-input error reworded": (
        reworded("torch.autograd.grad", "One of the differentiated Tensors"),
        "snippets/errors/differentiated_tensor_no_grad.py",
        "error-grad-input-needs-requires-grad",
    ),
    "register_hook's no-grad error reworded": (
        reworded("torch.Tensor.register_hook", "cannot register a hook"),
        "snippets/errors/hook_on_no_grad_tensor.py",
        "error-hook-needs-requires-grad",
    ),
    "the hook size error reworded": (
        reworded("torch.autograd._engine_run_backward", "has changed the size of value"),
        "snippets/errors/hook_changed_size.py",
        "error-hook-changed-size",
    ),
    "the backward-hook view error reworded": (
        reworded("torch.nn.functional.relu", "Output 0 of BackwardHookFunction"),
        "snippets/errors/backward_hook_view_inplace.py",
        "error-full-backward-hook-then-inplace",
    ),
    "the .grad size error reworded": (
        """
        import torch
        _grad = torch.Tensor.grad
        def set_grad(self, value):
            try:
                _grad.__set__(self, value)
            except RuntimeError as error:
                raise RuntimeError(str(error).replace("attempting to assign", "(reworded)")) from None
        torch.Tensor.grad = property(_grad.__get__, set_grad, _grad.__delete__)
        """,
        "snippets/errors/assign_grad_wrong_size.py",
        "error-assign-grad-wrong-size",
    ),
    "backward(create_graph=True) stops warning": (
        BACKWARD_STOPS_WARNING,
        "snippets/errors/create_graph_reference_cycle.py",
        "error-create-graph-backward-warns-cycle",
        IN_RECIPE,  # the recipe prints the warning it caught, and none comes
    ),
    "reentrant checkpoint stops warning": (
        """
        import warnings, torch.utils.checkpoint
        _checkpoint = torch.utils.checkpoint.checkpoint
        def checkpoint(*args, **kwargs):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return _checkpoint(*args, **kwargs)
        torch.utils.checkpoint.checkpoint = checkpoint
        """,
        "snippets/errors/checkpoint_reentrant_no_grad_inputs.py",
        "error-reentrant-checkpoint-no-grad-inputs-warns",
        IN_RECIPE,  # the recipe prints the warning it caught, and none comes
    ),
    "the second-backward error is reworded": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, *args, **kwargs):
            try:
                return _backward(self, *args, **kwargs)
            except RuntimeError as error:
                raise RuntimeError(str(error).replace("a second time", "again")) from None
        torch.Tensor.backward = backward
        """,
        "snippets/errors/backward_second_time.py",
        "error-backward-twice-saved-tensors-freed",
    ),
    "ReLU(inplace=True) stops writing in place": (
        """
        import torch
        _init = torch.nn.ReLU.__init__
        def __init__(self, inplace=False):
            _init(self, False)
        torch.nn.ReLU.__init__ = __init__
        """,
        "snippets/errors/modified_by_inplace.py",
        "error-inplace-changed-saved-tensor",
    ),
    "optimizer steps stop writing into the parameters in place": (
        SGD_STEP_OUT_OF_PLACE,
        "snippets/errors/modified_by_inplace.py",
        "error-inplace-optimizer-step-between",
    ),
    "autograd.grad(allow_unused=True) gives zeros instead of None": (
        """
        import torch
        _grad = torch.autograd.grad
        def grad(outputs, inputs, *args, **kwargs):
            found = _grad(outputs, inputs, *args, **kwargs)
            return tuple(torch.zeros_like(i) if g is None else g for g, i in zip(found, inputs))
        torch.autograd.grad = grad
        """,
        "snippets/errors/unused_in_graph.py",
        "error-grad-input-not-in-graph",
    ),
    "reading a non-leaf .grad stops warning": (
        NON_LEAF_GRAD_QUIET,
        "snippets/errors/non_leaf_grad_warning.py",
        "error-non-leaf-grad-warns",
        IN_RECIPE,  # the recipe prints the warning it caught: caught[0] now raises
    ),
    "lr_scheduler.step() before optimizer.step() stops warning": (
        _quiet("torch.optim.lr_scheduler.LRScheduler.step"),
        "snippets/errors/scheduler_before_optimizer.py",
        "error-scheduler-before-optimizer-warns",
        IN_RECIPE,  # the recipe prints the warning it caught: caught[0] now raises
    ),
    "checkpoint() without use_reentrant stops warning": (
        _quiet("torch.utils.checkpoint.checkpoint"),
        "snippets/errors/checkpoint_use_reentrant.py",
        "error-checkpoint-use-reentrant-warns",
        IN_RECIPE,  # the recipe prints the warning it caught: caught[0] now raises
    ),
    "torch.tensor(tensor) stops warning": (
        _quiet("torch.tensor"),
        "snippets/errors/tensor_copy_construct.py",
        "error-tensor-of-tensor-warns",
        IN_RECIPE,  # the recipe prints the warning it caught: caught[0] now raises
    ),
    "the in-place-on-a-leaf error is reworded": (
        reworded("torch.Tensor.add_", "a leaf Variable", "a leaf tensor"),
        "snippets/errors/leaf_inplace.py",
        "error-leaf-inplace-outside-no-grad",
    ),
    "the element-0 error is reworded": (
        reworded("torch.Tensor.backward", "does not have a grad_fn", "has no grad_fn"),
        "snippets/errors/element_0_no_grad_fn.py",
        "error-element-0-no-graph",
    ),
    "the non-scalar backward error is reworded": (
        reworded(
            "torch.Tensor.backward", "only for scalar outputs", "only for one-element outputs"
        ),
        "snippets/errors/implicit_grad_scalar.py",
        "error-implicit-grad-needs-scalar",
    ),
    "the integer requires_grad error is reworded": (
        reworded("torch.tensor", "floating point and complex dtype", "floating-point dtypes"),
        "snippets/errors/integer_requires_grad.py",
        "error-integer-tensor-requires-grad",
    ),
    "the non-leaf requires_grad error is reworded": (
        reworded("torch.Tensor.requires_grad_", "requires_grad flags of leaf", "flags of leaf"),
        "snippets/errors/requires_grad_non_leaf.py",
        "error-requires-grad-flag-leaves-only",
    ),
    "the retain_grad error is reworded": (
        reworded(
            "torch.Tensor.retain_grad",
            "can't retain_grad on Tensor",
            "cannot retain_grad on a tensor",
        ),
        "snippets/errors/retain_grad_no_requires_grad.py",
        "error-retain-grad-needs-requires-grad",
    ),
    "the inference-tensor error is reworded": (
        reworded("torch.nn.functional.linear", "cannot be saved for backward", "cannot be saved"),
        "snippets/errors/inference_saved_for_backward.py",
        "error-inference-tensor-saved",
    ),
    "the numpy() error is reworded": (
        reworded(
            "torch.Tensor.numpy", "Can't call numpy() on Tensor", "Cannot call numpy() on a tensor"
        ),
        "snippets/errors/numpy_requires_grad.py",
        "error-numpy-needs-detach",
    ),
    "the detach_() on a view error is reworded": (
        reworded(
            "torch.Tensor.detach_", "Can't detach views in-place", "Cannot detach a view in place"
        ),
        "snippets/errors/detach_view_in_place.py",
        "error-detach-in-place-view",
    ),
    "the second-unscale_ error is reworded": (
        reworded("torch.amp.GradScaler.unscale_", "has already been called", "was already called"),
        "snippets/errors/unscale_twice.py",
        "error-unscale-once-per-step",
    ),
    "the view-of-a-leaf error is reworded": (
        reworded(
            "torch.Tensor.__setitem__", "a view of a leaf Variable", "a view of a leaf tensor"
        ),
        "snippets/errors/leaf_inplace.py",
        "error-view-of-leaf-inplace",
    ),
    "the inference-tensor in-place error is reworded": (
        reworded("torch.Tensor.add_", "outside InferenceMode", "outside inference_mode()"),
        "snippets/errors/inference_inplace_outside.py",
        "error-inference-tensor-inplace-outside",
    ),
    "OneCycleLR's too-many-steps error is reworded": (
        reworded("torch.optim.lr_scheduler.OneCycleLR.get_lr", "Tried to step", "Stepped"),
        "snippets/errors/onecycle_too_many_steps.py",
        "error-onecycle-stepped-past-total",
    ),
    "Module.zero_grad leaves zeros again (norm)": (
        MODULE_DEFAULTS_TO_ZEROS,
        "snippets/errors/none_grad_norm.py",
        "error-none-grad-has-no-norm",
    ),
    "Module.zero_grad leaves zeros again (+=)": (
        MODULE_DEFAULTS_TO_ZEROS,
        "snippets/errors/none_grad_iadd.py",
        "error-none-grad-iadd",
    ),
    # issue 33, E3: the checkpoint entries
    "checkpoint() without use_reentrant runs the non-reentrant implementation": (
        CHECKPOINT_DEFAULTS_TO_NON_REENTRANT,
        "snippets/errors/checkpoint_use_reentrant.py",
        "checkpoint-default-is-reentrant",
    ),
    "checkpoint() without use_reentrant raises, as its warning announces": (
        """
        import torch.utils.checkpoint
        _checkpoint = torch.utils.checkpoint.checkpoint
        def checkpoint(*args, use_reentrant=None, **kwargs):
            if use_reentrant is None:
                raise ValueError("use_reentrant must be passed explicitly")
            return _checkpoint(*args, use_reentrant=use_reentrant, **kwargs)
        torch.utils.checkpoint.checkpoint = checkpoint
        """,
        "snippets/errors/checkpoint_use_reentrant.py",
        "checkpoint-warning-stale-no-raise",
        IN_RECIPE,  # the recipe's call without use_reentrant now raises
    ),
    "checkpoint() without use_reentrant runs non-reentrant (no-grad inputs)": (
        CHECKPOINT_DEFAULTS_TO_NON_REENTRANT,
        "snippets/errors/checkpoint_reentrant_no_grad_inputs.py",
        "error-reentrant-checkpoint-default-too",
    ),
    "the reentrant checkpoint's autograd.grad error is reworded": (
        reworded("torch.autograd.grad", "is incompatible with .grad()", "(reworded)"),
        "snippets/errors/checkpoint_reentrant_autograd_grad.py",
        "error-reentrant-checkpoint-refuses-grad",
    ),
    "use_reentrant=False runs the reentrant implementation": (
        """
        import torch.utils.checkpoint
        _checkpoint = torch.utils.checkpoint.checkpoint
        def checkpoint(*args, use_reentrant=None, **kwargs):
            return _checkpoint(*args, use_reentrant=True, **kwargs)
        torch.utils.checkpoint.checkpoint = checkpoint
        """,
        "snippets/errors/checkpoint_reentrant_autograd_grad.py",
        "non-reentrant-checkpoint-takes-grad",
        IN_RECIPE,  # the recipe's fix, autograd.grad with use_reentrant=False, now raises
    ),
    # the weak claims of the third read, strengthened
    "lr_scheduler.step() checks the order on every call, not only the first": (
        """
        import warnings, torch
        _step = torch.optim.lr_scheduler.LRScheduler.step
        def step(self, *args, **kwargs):
            if self._step_count > 1 and not getattr(self.optimizer, "_opt_called", False):
                warnings.warn("Detected call of `lr_scheduler.step()` before `optimizer.step()`.")
            return _step(self, *args, **kwargs)
        torch.optim.lr_scheduler.LRScheduler.step = step
        """,
        "snippets/errors/scheduler_before_optimizer.py",
        "error-scheduler-before-optimizer-warns",
    ),
    "GradScaler.update() stops ending the step for unscale_()": (
        """
        import torch
        _update = torch.amp.GradScaler.update
        def update(self, new_scale=None):
            states = dict(self._per_optimizer_states)
            _update(self, new_scale)
            self._per_optimizer_states.update(states)
        torch.amp.GradScaler.update = update
        """,
        "snippets/errors/unscale_twice.py",
        "error-unscale-once-per-step",
    ),
    "DDP's unused-parameter error stops naming find_unused_parameters": (
        ddp_error_rewritten("find_unused_parameters=True", "unused parameter detection"),
        "snippets/errors/ddp_unused_parameters.py",
        "error-ddp-unused-parameters",
    ),
}


NO_DRIFT = {
    "error-autograd-grad-create-graph-no-cycle": (
        "autograd.grad writes no .grad by definition; a release that warned there too would "
        "fail this assert, and a patch that makes it warn sabotages the API instead of "
        "changing a behaviour"
    ),
    "error-reentrant-checkpoint-output-has-no-graph": (
        "the change that would give the output a graph (reentrant checkpoint tracking the "
        "parameters) also drops the warning, whose claim, the line before, fails first"
    ),
    "reentrant-checkpoint-hides-parameters": (
        "a reentrant checkpoint that saw the parameters inside its segment would have to track "
        "them as the non-reentrant one does; simulating that means rewriting "
        "torch.utils.checkpoint, and running the non-reentrant one instead fails the "
        "refuses-grad assert before this one"
    ),
    "error-non-reentrant-checkpoint-reaches-weights": (
        "a non-reentrant checkpoint that lost the weights' gradients would break the "
        "accumulation chapter's checkpointing examples too; simulating it means rewriting "
        "torch.utils.checkpoint"
    ),
}
