"""Simulated PyTorch changes to what the zeroing chapter teaches.

Each case monkeypatches torch, as a new PyTorch release
might behave (or as PyTorch 1.x did), and checks that the example teaching the
current behaviour fails the build's runner, naming it (in a forked child), at the
assert that carries `# claim: <claim-id>`. See CONTRIBUTING.md.
"""

from __future__ import annotations

from drift_cases import COMPILE_IS_EAGER, MODULE_DEFAULTS_TO_ZEROS, OPTIMIZER_DEFAULTS_TO_ZEROS
from drift_cases.retention import DRIFT as RETENTION_DRIFT

OVERWRITE = RETENTION_DRIFT["backward overwrites .grad instead of adding to it"][0]
SETS_NONE = "snippets/zeroing/zero_grad_sets_none.py"
SKIP_NONE = "snippets/zeroing/optimizers_skip_none.py"
PARTIAL = "snippets/zeroing/partial_optimizer_keeps_growing.py"
TWO_MODELS = "snippets/zeroing/two_models_one_optimizer.py"
GAN = "snippets/zeroing/one_model_two_optimizers.py"

OPTIMIZER_CLEARS_EVERY_PARAMETER = """
    import torch
    def zero_grad(self, set_to_none=True):
        import gc
        for obj in gc.get_objects():
            if type(obj) is torch.nn.Parameter and obj.grad is not None:
                obj.grad = None if set_to_none else obj.grad.zero_()
    torch.optim.Optimizer.zero_grad = zero_grad
    """
MODULE_ZERO_GRAD_NO_OP = """
    import torch
    torch.nn.Module.zero_grad = lambda self, set_to_none=True: None
    """
MODULE_ZERO_GRAD_STOPS_RECURSING = """
    import torch
    def zero_grad(self, set_to_none=True):
        for p in self.parameters(recurse=False):
            p.grad = None if set_to_none else p.grad
    torch.nn.Module.zero_grad = zero_grad
    """
OPTIMIZER_ZERO_GRAD_NO_OP = """
    import torch
    torch.optim.Optimizer.zero_grad = lambda self, set_to_none=True: None
    """
# ModuleDict orders a plain dict's modules by key, as PyTorch's first releases did (only an
# OrderedDict kept its order then).
MODULE_DICT_SORTS_KEYS = """
    import collections, torch
    _update = torch.nn.ModuleDict.update
    def update(self, modules):
        if type(modules) is dict:
            modules = collections.OrderedDict(sorted(modules.items()))
        return _update(self, modules)
    torch.nn.ModuleDict.update = update
    """


def step_after_closure(optimizer: str, before_step: str) -> str:
    """A patch of `optimizer`'s step(): it runs the closure first, as step() does, then
    `before_step` (Python over `self`, indented 4), then the real step without the closure,
    and gives back the hidden gradients `before_step` put in `hidden`."""
    return f"""
        import torch
        _step = {optimizer}.step
        def step(self, closure=None):
            loss = None
            if closure is not None:
                with torch.enable_grad():
                    loss = closure()
            hidden = []
{before_step}
            _step(self)
            for p, grad in hidden:
                p.grad = grad
            return loss
        {optimizer}.step = step
        """


ZERO_GRADIENTS_HIDDEN = """
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is not None and not p.grad.any():
                        hidden.append((p, p.grad))
                        p.grad = None"""
NONE_GRADIENTS_AS_ZEROS = """
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is None:
                        p.grad = torch.zeros_like(p)"""

DRIFT = {
    # compiled_optimizer_step.py
    "torch.compile runs the optimizer step eagerly": (
        COMPILE_IS_EAGER,
        "snippets/zeroing/compiled_optimizer_step.py",
        "compiled-step-not-recompiled-by-zero-grad",
    ),
    "zero_grad leaves zeros after a compiled step": (
        OPTIMIZER_DEFAULTS_TO_ZEROS,
        "snippets/zeroing/compiled_optimizer_step.py",
        "zero-grad-outside-compiled-step-sets-none",
    ),
    "Optimizer.zero_grad defaults to set_to_none=False again": (
        OPTIMIZER_DEFAULTS_TO_ZEROS,
        SETS_NONE,
        "zero-grad-default-none",
    ),
    "Optimizer.zero_grad defaults to zeros again (summary)": (
        OPTIMIZER_DEFAULTS_TO_ZEROS,
        SETS_NONE,
        "summary-none-by-default",
    ),
    "Module.zero_grad defaults to set_to_none=False again": (
        MODULE_DEFAULTS_TO_ZEROS,
        SETS_NONE,
        "module-zero-grad-default-none",
    ),
    "zero_grad keeps the old gradients alive for reuse": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        _kept = []
        def zero_grad(self, set_to_none=True):
            _kept.extend(p.grad for g in self.param_groups for p in g["params"])
            return _zero_grad(self, set_to_none)
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        SETS_NONE,
        "zero-grad-frees-gradient",
    ),
    "zero_grad(set_to_none=False) replaces the tensor instead of filling it": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=True):
            if set_to_none:
                return _zero_grad(self, True)
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is not None:
                        p.grad = torch.zeros_like(p.grad)
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        SETS_NONE,
        "set-to-none-false-keeps-tensor",
    ),
    "backward(create_graph=True) adds into the zeros in .grad, no graph": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
            return _backward(self, gradient, retain_graph, False, inputs)
        torch.Tensor.backward = backward
        """,
        SETS_NONE,
        "set-to-none-false-create-graph-new-tensor",
    ),
    "zero_grad(set_to_none=False) stops detaching a gradient that has a grad_fn": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=True):
            if set_to_none:
                return _zero_grad(self, True)
            with torch.no_grad():
                for group in self.param_groups:
                    for p in group["params"]:
                        if p.grad is not None:
                            p.grad.zero_()
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        SETS_NONE,
        "set-to-none-false-detaches",
    ),
    "optimizers step parameters whose .grad is None as if it were zeros": (
        step_after_closure("torch.optim.AdamW", NONE_GRADIENTS_AS_ZEROS),
        SKIP_NONE,
        "optimizers-skip-none-grad",
    ),
    "LBFGS skips a parameter whose .grad is None, as the others do": (
        """
        import torch
        def _add_grad(self, step_size, update):
            offset = 0
            for p in self._params:
                numel = p.numel()
                if p.grad is not None:
                    p.add_(update[offset : offset + numel].view_as(p), alpha=step_size)
                offset += numel
        torch.optim.LBFGS._add_grad = _add_grad
        """,
        SKIP_NONE,
        "lbfgs-moves-none-grad",
    ),
    "Adam decays weights by default": (
        """
        import torch
        _init = torch.optim.Adam.__init__
        def __init__(self, params, *args, **kwargs):
            if type(self) is torch.optim.Adam and len(args) < 4:
                kwargs.setdefault("weight_decay", 1e-2)
            _init(self, params, *args, **kwargs)
        torch.optim.Adam.__init__ = __init__
        """,
        SKIP_NONE,
        "zero-grad-step-moves",
    ),
    "zero_grad(set_to_none=False) calls detach_() on every gradient again (1.6)": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=True):
            if set_to_none:
                return _zero_grad(self, True)
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is not None:
                        p.grad.detach_()
                        p.grad.zero_()
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        SETS_NONE,
        "set-to-none-false-detaches",
    ),
    "zero_grad() writes zeros before it drops the gradients": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=True):
            if set_to_none:
                _zero_grad(self, False)
            return _zero_grad(self, set_to_none)
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        SETS_NONE,
        "none-skips-zeroing-and-adding",
    ),
    "plain SGD starts decaying weights by default": (
        """
        import torch
        _init = torch.optim.SGD.__init__
        def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=1e-2, *args, **kwargs):
            _init(self, params, lr, momentum, dampening, weight_decay, *args, **kwargs)
        torch.optim.SGD.__init__ = __init__
        """,
        SKIP_NONE,
        "plain-sgd-zero-grad-stays",
    ),
    "Adam skips a parameter whose gradient is all zeros": (
        step_after_closure("torch.optim.Adam", ZERO_GRADIENTS_HIDDEN),
        SKIP_NONE,
        "zero-grad-step-moves",
    ),
    "SGD with momentum skips a parameter whose gradient is all zeros": (
        step_after_closure("torch.optim.SGD", ZERO_GRADIENTS_HIDDEN),
        SKIP_NONE,
        "summary-zero-step-depends",
    ),
    "a second backward overwrites .grad instead of adding": (
        OVERWRITE,
        "snippets/zeroing/shared_weight_gets_sum.py",
        "two-losses-add-up",
    ),
    "backward overwrites .grad: no doubling without zeroing": (
        OVERWRITE,
        "snippets/zeroing/grads_add_up_without_zeroing.py",
        "grads-add-up-without-zeroing",
    ),
    "backward overwrites .grad: nothing is added into it": (
        OVERWRITE,
        "snippets/zeroing/grads_add_up_without_zeroing.py",
        "backward-adds-into-grad",
    ),
    "Module.zero_grad leaves the gradients in place": (
        MODULE_ZERO_GRAD_NO_OP,
        "snippets/zeroing/grads_add_up_without_zeroing.py",
        "zeroing-restores-one-pass",
    ),
    "zero_grad(set_to_none=False) stops zeroing": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=True):
            if set_to_none:
                return _zero_grad(self, True)
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        "snippets/zeroing/manual_accumulation_after_zero_grad.py",
        "none-aware-accumulation-same-result",
    ),
    "an optimizer holds copies of the parameters it is given": (
        """
        import torch
        _add = torch.optim.Optimizer.add_param_group
        def add_param_group(self, param_group):
            params = param_group["params"]
            params = [params] if isinstance(params, torch.Tensor) else list(params)
            copies = [torch.nn.Parameter(p.detach().clone()) for p in params]
            return _add(self, {**param_group, "params": copies})
        torch.optim.Optimizer.add_param_group = add_param_group
        """,
        "snippets/zeroing/model_vs_optimizer_zero_grad.py",
        "optimizer-holds-model-parameters",
    ),
    "Optimizer.zero_grad clears nothing": (
        OPTIMIZER_ZERO_GRAD_NO_OP,
        "snippets/zeroing/model_vs_optimizer_zero_grad.py",
        "optimizer-zero-grad-clears-model",
    ),
    "optimizer.zero_grad() also clears parameters it does not hold": (
        OPTIMIZER_CLEARS_EVERY_PARAMETER,
        PARTIAL,
        "partial-optimizer-grad-grows",
    ),
    "Module.zero_grad stops recursing into submodules": (
        MODULE_ZERO_GRAD_STOPS_RECURSING,
        PARTIAL,
        "model-zero-grad-clears-backbone",
    ),
    "Module.zero_grad clears nothing": (
        MODULE_ZERO_GRAD_NO_OP,
        TWO_MODELS,
        "encoder-zero-grad-clears-encoder-only",
    ),
    "Module.zero_grad clears every parameter of the process": (
        """
        import torch
        def zero_grad(self, set_to_none=True):
            import gc
            for obj in gc.get_objects():
                if type(obj) is torch.nn.Parameter:
                    obj.grad = None
        torch.nn.Module.zero_grad = zero_grad
        """,
        TWO_MODELS,
        "zero-grad-walks-its-own-set",
    ),
    "Optimizer.zero_grad skips one-dimensional parameters": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=True):
            for group in self.param_groups:
                for p in group["params"]:
                    if p.dim() > 1:
                        p.grad = None if set_to_none else p.grad.zero_()
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        TWO_MODELS,
        "shared-optimizer-clears-both-models",
    ),
    "each optimizer's zero_grad clears every parameter": (
        OPTIMIZER_CLEARS_EVERY_PARAMETER,
        GAN,
        "each-optimizer-clears-own-params",
    ),
    "Module.zero_grad of a container stops reaching its parts": (
        MODULE_ZERO_GRAD_STOPS_RECURSING,
        GAN,
        "module-zero-grad-clears-both-parts",
    ),
    "SGD.step stops updating the parameters": (
        """
        import torch
        torch.optim.SGD.step = lambda self, closure=None: None
        """,
        "snippets/zeroing/training_loop.py",
        "training-loop-loss-decreases",
    ),
    "zero_grad is deferred until the next backward": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        _backward = torch.Tensor.backward
        _pending = []
        def zero_grad(self, set_to_none=True):
            _pending.append((self, set_to_none))
        def backward(self, *args, **kwargs):
            while _pending:
                _zero_grad(*_pending.pop())
            return _backward(self, *args, **kwargs)
        torch.optim.Optimizer.zero_grad = zero_grad
        torch.Tensor.backward = backward
        """,
        "snippets/zeroing/zero_grad_placement.py",
        "zero-grad-before-step-skips",
    ),
    "backward overwrites .grad: micro-batches do not add up": (
        OVERWRITE,
        "snippets/zeroing/zero_grad_with_accumulation.py",
        "accumulated-grad-equals-full-batch",
    ),
    "Optimizer.zero_grad stops clearing between micro-batches": (
        OPTIMIZER_ZERO_GRAD_NO_OP,
        "snippets/zeroing/zero_grad_every_micro_batch.py",
        "zero-grad-every-micro-batch-last-only",
    ),
    "Optimizer.zero_grad clears nothing (summary)": (
        OPTIMIZER_ZERO_GRAD_NO_OP,
        TWO_MODELS,
        "summary-which-zero-grad",
    ),
    "a tensor added to None raises its own TypeError": (
        """
        import torch
        _radd = torch.Tensor.__radd__
        def __radd__(self, other):
            if other is None:
                raise TypeError("add(): argument 'other' must be Tensor or Number, not NoneType")
            return _radd(self, other)
        torch.Tensor.__radd__ = __radd__
        """,
        "snippets/zeroing/manual_accumulation_after_zero_grad.py",
        "manual-accumulation-typeerror",
    ),
    "ModuleDict sorts a plain dict's keys again": (
        MODULE_DICT_SORTS_KEYS,
        "snippets/zeroing/logging_grad_none.py",
        "logging-unused-grad-none-crashes",
    ),
    "clip_grad_norm_ defaults to norm_type=inf": (
        """
        import torch
        _clip_grad_norm_ = torch.nn.utils.clip_grad_norm_
        def clip_grad_norm_(parameters, max_norm, norm_type=float("inf"), *args, **kwargs):
            return _clip_grad_norm_(parameters, max_norm, norm_type, *args, **kwargs)
        torch.nn.utils.clip_grad_norm_ = clip_grad_norm_
        """,
        "snippets/zeroing/logging_grad_none.py",
        "clip-grad-norm-skips-none",
    ),
}

# Claims no plausible release can break at their own assert, and why (CONTRIBUTING.md,
# "Adding a drift case").
NO_DRIFT = {
    "missing-zero-grad-sums-batches": (
        "follows from grads-add-up-without-zeroing, asserted above it in the same example "
        "(backward adds into .grad): every change that breaks it stops at that assert first, "
        "whose case (backward overwrites .grad) covers both"
    ),
    "compiled-step-trains-as-eager": (
        "aot_eager runs the optimizer's own operations, so a compiled step that moved the "
        "weights differently would need a patch inside AOTAutograd; torch.compile running "
        "eagerly passes it and is caught by compiled-step-not-recompiled-by-zero-grad"
    ),
    "shared-weight-grad-is-sum": (
        "adding up the gradients of every path to a tensor used twice is the chain rule "
        "autograd applies to every graph (a * a in retention's chain_rule_2400.py too), and the "
        "weight has no .grad before this backward, so the overwrite patch fails "
        "two-losses-add-up instead"
    ),
    "backward-after-none-new-tensor": (
        "with .grad None (asserted just above), backward storing the gradient it computes is "
        "every example's first backward; the zero_grad patches (zeros by default, the old tensor "
        "kept alive) fail zero-grad-default-none and zero-grad-frees-gradient first"
    ),
    "none-and-zeros-same-backward": (
        "the backward into None is a first backward, which every example relies on, the one into "
        "zeros is asserted again at set-to-none-false-keeps-tensor (with cases), and a "
        "zero_grad that leaves zeros fails zero-grad-default-none first"
    ),
    "manual-accumulation-first-step-runs": (
        "the hand-made zeros stand until the first zero_grad(), which runs after step 1's "
        "addition, so step 1 fails only if assigning to .grad stops working, and a zero_grad that "
        "leaves zeros raises no TypeError and fails manual-accumulation-typeerror first"
    ),
    "partial-optimizer-grad-is-sum": (
        "the head trains the same under either zero_grad, so the backbone's .grad is the sum of "
        "the steps' gradients because backward adds into .grad, which partial-optimizer-grad-grows "
        "asserts first (the overwrite patch fails there)"
    ),
    "discriminator-backward-reaches-generator": (
        "backward reaching the parameters of every module the loss was computed from is what it "
        "does in any model of more than one layer; a patch stopping it at a module's input breaks "
        "every example that trains one (partial_optimizer_keeps_growing.py, "
        "two_models_one_optimizer.py)"
    ),
    "zero-grad-placement-equivalent": (
        "both orders run the same zero_grad, backward, step cycle, the first only adding a "
        "zero_grad before any gradient exists, so a change to any of the three acts on both runs "
        "alike (a no-op zero_grad fails the loss assert above, a zeros default passes)"
    ),
    "summary-clear-once-per-step": (
        "it shares zero-grad-placement-equivalent's assert: both orders run the same zero_grad, "
        "backward, step cycle, so a change to any of the three acts on both runs alike"
    ),
}
