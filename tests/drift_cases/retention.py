"""Simulated PyTorch changes to what the retention chapter teaches.

Each case monkeypatches torch, as a new PyTorch release might behave, and checks
that the example teaching the current behaviour fails the build's runner, naming it
(in a forked child), at the assert that carries `# claim: <claim-id>`. See
CONTRIBUTING.md ("Adding a drift case") to add one.

An error an example demonstrates is caught and its key phrase asserted; a release
that rewords the error is simulated by `reworded()`.
"""

from __future__ import annotations

from drift_cases import (
    COMPILE_IS_EAGER,
    CONVERSION_MAKES_LEAF,
    IN_RECIPE,
    NO_GRAD_RECORDS,
    NON_LEAF_GRAD_QUIET,
    NON_LEAF_GRAD_ZEROS,
    leaf_grad_reads_zeros,
    reworded,
)

S = "snippets/retention/"
# Where backward() and torch.autograd.grad() run the engine: its errors come from here.
ENGINE = "torch.autograd._engine_run_backward"
SECOND_TIME = "backward through the graph a second time"
INPLACE = "modified by an inplace operation"


SCALAR_SEED_IS_TWO = """
    import torch
    _backward = torch.Tensor.backward
    def backward(self, gradient=None, *args, **kwargs):
        if gradient is None and self.numel() == 1:
            gradient = torch.full_like(self, 2.0)
        return _backward(self, gradient, *args, **kwargs)
    torch.Tensor.backward = backward
    """
NO_GRAD_LEAF_READS_ZEROS = leaf_grad_reads_zeros(requires_grad=False)
OVERWRITE = """
    import torch
    _backward = torch.Tensor.backward
    def backward(self, *args, **kwargs):
        stack = [self.grad_fn]
        while stack:  # clear every leaf's .grad first: the new gradient replaces it
            node = stack.pop()
            if node is None:
                continue
            if hasattr(node, "variable"):
                node.variable.grad = None
            stack.extend(next_fn for next_fn, _ in node.next_functions)
        return _backward(self, *args, **kwargs)
    torch.Tensor.backward = backward
    """
RETAIN_GRAD_NO_OP = "import torch; torch.Tensor.retain_grad = lambda self: None"
TO_COPIES = """
    import torch
    _to = torch.Tensor.to
    def to(self, *args, **kwargs):
        out = _to(self, *args, **kwargs)
        return out.clone() if out is self else out
    torch.Tensor.to = to
    """
HOOK_RESULT_IGNORED = """
    import torch
    _register_hook = torch.Tensor.register_hook
    def register_hook(self, hook):
        return _register_hook(self, lambda grad: (hook(grad), None)[1])  # result ignored
    torch.Tensor.register_hook = register_hook
    """
GRAPHS_KEPT = """
    import torch
    _backward = torch.Tensor.backward
    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        return _backward(self, gradient, True, create_graph, inputs)
    torch.Tensor.backward = backward
    """

X_TIMES_X_SAVES_ONCE = """
    import torch
    _mul = torch.Tensor.__mul__
    torch.Tensor.__mul__ = lambda self, other: self.square() if other is self else _mul(self, other)
    """
# Every optimizer records its step, as one made with differentiable=True does.
OPTIMIZERS_DIFFERENTIABLE = """
    import torch
    _init = torch.optim.SGD.__init__
    def __init__(self, params, *args, **kwargs):
        kwargs["differentiable"] = True
        _init(self, params, *args, **kwargs)
    torch.optim.SGD.__init__ = __init__
    """
# Adam casts its state to each parameter's dtype before a step.
ADAM_CONVERTS_STATE = """
    import torch
    _step = torch.optim.Adam.step
    def step(self, *args, **kwargs):
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state.get(p, {})
                for key, value in state.items():
                    if key != "step" and torch.is_tensor(value) and value.is_floating_point():
                        state[key] = value.to(p.dtype)
        return _step(self, *args, **kwargs)
    torch.optim.Adam.step = step
    """

HANDLE_REMOVE_NO_OP = (
    "import torch.utils.hooks; torch.utils.hooks.RemovableHandle.remove = lambda self: None"
)
# A tensor hook that returns None stops the gradient instead of passing it on.
HOOK_NONE_STOPS_GRADIENT = """
    import torch
    _register_hook = torch.Tensor.register_hook
    def register_hook(self, hook):
        def none_is_zero(grad):
            result = hook(grad)
            return torch.zeros_like(grad) if result is None else result
        return _register_hook(self, none_is_zero)
    torch.Tensor.register_hook = register_hook
    """

DRIFT = {
    # compiled_region_backward.py, compiled_hooks.py
    "torch.compile runs the function eagerly": (
        COMPILE_IS_EAGER,
        "snippets/retention/compiled_region_backward.py",
        "compiled-region-is-one-node",
        IN_RECIPE,  # the recipe prints the node's saved_tensors: an eager SumBackward0 has none
    ),
    "hooks registered in a compiled region are dropped": (
        """
        import torch
        _register_hook = torch.Tensor.register_hook
        def register_hook(self, hook):
            if torch.compiler.is_compiling():
                return None
            return _register_hook(self, hook)
        torch.Tensor.register_hook = register_hook
        """,
        "snippets/retention/compiled_hooks.py",
        "compiled-hook-changes-gradient",
    ),
    # leaf_and_non_leaf.py
    "a tensor that needs no grad stops counting as a leaf": (
        """
        import torch
        _is_leaf = torch.Tensor.is_leaf
        torch.Tensor.is_leaf = property(lambda self: _is_leaf.__get__(self) and self.requires_grad)
        """,
        S + "leaf_and_non_leaf.py",
        "no-grad-tensor-always-leaf",
    ),
    "a created tensor that requires grad stops counting as a leaf": (
        """
        import torch
        _is_leaf = torch.Tensor.is_leaf
        torch.Tensor.is_leaf = property(
            lambda self: _is_leaf.__get__(self) and not self.requires_grad
        )
        """,
        S + "leaf_and_non_leaf.py",
        "requires-grad-leaf-has-no-grad-fn",
    ),
    "every tensor counts as a leaf": (
        "import torch; torch.Tensor.is_leaf = property(lambda self: True)",
        S + "leaf_and_non_leaf.py",
        "recorded-result-is-non-leaf",
    ),
    "no_grad() stops switching recording off": (
        NO_GRAD_RECORDS,
        S + "leaf_and_non_leaf.py",
        "no-grad-result-is-leaf",
    ),
    # chain_rule_2400.py
    "backward() of a scalar starts from a gradient of 2": (
        SCALAR_SEED_IS_TWO,
        S + "chain_rule_2400.py",
        "backward-puts-2400-in-a-grad",
    ),
    "a leaf that needs no grad reads a zero .grad": (
        NO_GRAD_LEAF_READS_ZEROS,
        S + "chain_rule_2400.py",
        "no-grad-leaf-gets-no-grad",
    ),
    "a leaf that needs no grad reads a zero .grad (leaves only)": (
        NO_GRAD_LEAF_READS_ZEROS,
        S + "chain_rule_2400.py",
        "backward-fills-only-grad-leaves",
    ),
    "a leaf that needs no grad reads a zero .grad (summary)": (
        NO_GRAD_LEAF_READS_ZEROS,
        S + "chain_rule_2400.py",
        "summary-only-grad-leaves-get-grad",
    ),
    # non_scalar_backward.py
    "the scalar-output error is reworded": (
        reworded("torch.Tensor.backward", "grad can be implicitly created only for scalar outputs"),
        S + "non_scalar_backward.py",
        "vector-backward-raises",
    ),
    "backward(gradient=v) ignores v": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, *args, **kwargs):
            if gradient is not None:
                gradient = torch.ones_like(gradient)
            return _backward(self, gradient, *args, **kwargs)
        torch.Tensor.backward = backward
        """,
        S + "non_scalar_backward.py",
        "backward-gradient-is-vjp",
    ),
    # element_0_no_grad_fn.py
    "inference_mode() stops switching recording off": (
        "import contextlib, torch; torch.inference_mode = lambda mode=True: contextlib.nullcontext()",
        S + "element_0_no_grad_fn.py",
        "inference-mode-forward-raises-element-0",
    ),
    "reentrant checkpoint tracks the parameters whatever its inputs": (
        """
        import torch.utils.checkpoint
        _checkpoint = torch.utils.checkpoint.checkpoint
        def checkpoint(function, *args, use_reentrant=None, **kwargs):
            return _checkpoint(function, *args, use_reentrant=False, **kwargs)
        torch.utils.checkpoint.checkpoint = checkpoint
        """,
        S + "element_0_no_grad_fn.py",
        "reentrant-checkpoint-raises-element-0",
    ),
    "the element 0 error is reworded": (
        reworded(ENGINE, "element 0 of tensors does not require grad"),
        S + "element_0_no_grad_fn.py",
        "no-grad-forward-raises-element-0",
    ),
    "detach() returns the tensor itself": (
        "import torch; torch.Tensor.detach = lambda self: self",
        S + "element_0_no_grad_fn.py",
        "detached-output-raises-element-0",
    ),
    "Module.requires_grad_ stops freezing": (
        "import torch; torch.nn.Module.requires_grad_ = lambda self, requires_grad=True: self",
        S + "element_0_no_grad_fn.py",
        "frozen-model-raises-element-0",
    ),
    "no_grad() stops switching recording off (element 0)": (
        NO_GRAD_RECORDS,
        S + "element_0_no_grad_fn.py",
        "element-0-loss-has-no-graph",
    ),
    # non_leaf_grad_warning.py
    "reading a non-leaf .grad stops warning": (
        NON_LEAF_GRAD_QUIET,
        S + "non_leaf_grad_warning.py",
        "non-leaf-grad-read-warns",
    ),
    "a non-leaf .grad reads as zeros": (
        NON_LEAF_GRAD_ZEROS,
        S + "non_leaf_grad_warning.py",
        "non-leaf-grad-is-none",
    ),
    # conversion_makes_non_leaf.py
    "a converted copy becomes a new leaf": (
        CONVERSION_MAKES_LEAF,
        S + "conversion_makes_non_leaf.py",
        "real-conversion-is-non-leaf",
    ),
    "a device move gives a new leaf": (
        """
        import torch
        _to = torch.Tensor.to
        def to(self, *args, **kwargs):
            out = _to(self, *args, **kwargs)
            if "meta" in [str(arg) for arg in args]:
                return out.detach().requires_grad_(self.requires_grad)
            return out
        torch.Tensor.to = to
        """,
        S + "conversion_makes_non_leaf.py",
        "device-move-is-non-leaf",
    ),
    "a .to() that changes nothing starts copying": (
        TO_COPIES,
        S + "conversion_makes_non_leaf.py",
        "no-op-to-returns-self",
    ),
    "a .to() that changes nothing starts copying (summary)": (
        TO_COPIES,
        S + "conversion_makes_non_leaf.py",
        "summary-no-op-to-returns-self",
    ),
    "model.to() replaces the Parameter objects": (
        "import torch; torch.__future__.set_overwrite_module_params_on_conversion(True)",
        S + "model_to_keeps_parameters.py",
        "model-to-keeps-parameters-leaves",
    ),
    "Adam converts its state to the parameters' dtype": (
        ADAM_CONVERTS_STATE,
        S + "model_to_keeps_parameters.py",
        "optimizer-state-not-converted",
    ),
    "Adam keeps its state in float32 whatever the parameters' dtype": (
        """
        import torch
        _step = torch.optim.Adam.step
        def step(self, *args, **kwargs):
            result = _step(self, *args, **kwargs)
            for state in self.state.values():
                for key, value in state.items():
                    if key != "step" and torch.is_tensor(value) and value.is_floating_point():
                        state[key] = value.float()
            return result
        torch.optim.Adam.step = step
        """,
        S + "model_to_keeps_parameters.py",
        "model-moved-first-state-follows",
    ),
    "Adam converts its state to the parameters' dtype (summary)": (
        ADAM_CONVERTS_STATE,
        S + "model_to_keeps_parameters.py",
        "summary-optimizer-state-not-converted",
    ),
    # what_can_require_grad.py, ops_without_useful_gradient.py
    "the integer requires_grad error is reworded": (
        reworded("torch.tensor", "Only Tensors of floating point and complex dtype"),
        S + "what_can_require_grad.py",
        "integer-tensor-cannot-require-grad",
    ),
    "complex tensors stop requiring grad": (
        """
        import torch
        _zeros = torch.zeros
        def zeros(*args, **kwargs):
            if kwargs.get("dtype") in (torch.complex64, torch.complex128):
                kwargs["requires_grad"] = False
            return _zeros(*args, **kwargs)
        torch.zeros = zeros
        """,
        S + "what_can_require_grad.py",
        "complex-tensor-can-require-grad",
    ),
    "the non-leaf requires_grad error is reworded": (
        reworded(
            "torch.Tensor.requires_grad_",
            "you can only change requires_grad flags of leaf variables",
        ),
        S + "what_can_require_grad.py",
        "requires-grad-flag-only-on-leaves",
    ),
    "round gets a straight-through gradient": (
        """
        import torch
        _round = torch.round
        torch.round = lambda x, *args, **kwargs: x + (_round(x, *args, **kwargs) - x).detach()
        """,
        S + "ops_without_useful_gradient.py",
        "piecewise-constant-ops-zero-gradient",
    ),
    "argmax returns an int32 index": (
        """
        import torch
        _argmax = torch.Tensor.argmax
        torch.Tensor.argmax = lambda self, *args, **kwargs: _argmax(self, *args, **kwargs).int()
        """,
        S + "ops_without_useful_gradient.py",
        "integer-result-leaves-graph",
    ),
    # retain_grad.py, keep_an_intermediate_grad.py
    "retain_grad becomes a no-op": (
        RETAIN_GRAD_NO_OP,
        S + "retain_grad.py",
        "retained-c-grad-is-120",
        IN_RECIPE,  # the recipe prints c.grad: a non-leaf's .grad read warns
    ),
    "retain_grad becomes a no-op (recipe)": (
        RETAIN_GRAD_NO_OP,
        S + "keep_an_intermediate_grad.py",
        "retain-grad-keeps-grad",
        IN_RECIPE,  # the recipe prints y.grad: a non-leaf's .grad read warns
    ),
    "retains_grad always reads False": (
        "import torch; torch.Tensor.retains_grad = property(lambda self: False)",
        S + "retain_grad.py",
        "retains-grad-attribute",
    ),
    "retain_grad() on a leaf marks it": (
        """
        import torch
        _retains = torch.Tensor.retains_grad
        torch.Tensor.retains_grad = property(
            lambda self: (self.is_leaf and self.requires_grad) or _retains.__get__(self)
        )
        """,
        S + "retain_grad.py",
        "retain-grad-on-leaf-no-op",
    ),
    "the retain_grad error is reworded": (
        reworded("torch.Tensor.retain_grad", "can't retain_grad on Tensor"),
        S + "retain_grad.py",
        "retain-grad-without-grad-raises",
    ),
    # hook_on_a_gradient.py, tensor_hooks.py
    "tensor hooks are never called": (
        "import torch; torch.Tensor.register_hook = lambda self, hook: None",
        S + "hook_on_a_gradient.py",
        "hook-sees-gradient-into-tensor",
    ),
    "a tensor hook can no longer replace the gradient (recipe)": (
        HOOK_RESULT_IGNORED,
        S + "hook_on_a_gradient.py",
        "hook-returning-tensor-replaces-gradient",
    ),
    "a tensor hook that returns None stops the gradient": (
        HOOK_NONE_STOPS_GRADIENT,
        S + "hook_on_a_gradient.py",
        "hook-returning-none-changes-nothing",
    ),
    "a tensor hook can no longer replace the gradient": (
        HOOK_RESULT_IGNORED,
        S + "tensor_hooks.py",
        "replaced-gradient-flows-on",
    ),
    "retain_grad() keeps the gradient of its place among the hooks, as before 2.0": (
        """
        import torch
        _retain_grad = torch.Tensor.retain_grad
        def retain_grad(self):
            _retain_grad(self)
            if self.grad_fn is None:
                return
            seen = []
            torch.Tensor.register_hook(self, seen.append)  # runs in registration order
            self.grad_fn.register_hook(lambda grad_inputs, grad_outputs: setattr(
                self, "grad", seen[-1]
            ))
        torch.Tensor.retain_grad = retain_grad
        """,
        S + "retain_grad_and_hook.py",
        "retained-grad-is-hooked-value",
    ),
    "retain_grad() on a leaf keeps only the last gradient": (
        """
        import torch
        _retain_grad = torch.Tensor.retain_grad
        def retain_grad(self):
            if self.is_leaf and self.requires_grad:
                def overwrite(grad):
                    self.grad = None  # this hook runs before accumulation
                self.register_hook(overwrite)
            return _retain_grad(self)
        torch.Tensor.retain_grad = retain_grad
        """,
        S + "retain_grad.py",
        "retain-grad-on-leaf-no-op",
    ),
    "a hook on a non-leaf also retains its gradient": (
        """
        import torch
        _register_hook = torch.Tensor.register_hook
        def register_hook(self, hook):
            if not self.is_leaf:
                self.retain_grad()
            return _register_hook(self, hook)
        torch.Tensor.register_hook = register_hook
        """,
        S + "tensor_hooks.py",
        "hook-does-not-retain-gradient",
    ),
    "handle.remove() leaves the hook on": (
        HANDLE_REMOVE_NO_OP,
        S + "tensor_hooks.py",
        "handle-remove-takes-hook-off",
    ),
    "a hook on a leaf can no longer change what accumulates": (
        """
        import torch
        _register_hook = torch.Tensor.register_hook
        def register_hook(self, hook):
            if self.is_leaf:
                return _register_hook(self, lambda grad: (hook(grad), None)[1])
            return _register_hook(self, hook)
        torch.Tensor.register_hook = register_hook
        """,
        S + "tensor_hooks.py",
        "leaf-hook-changes-what-accumulates",
    ),
    "post-accumulate-grad hooks are never called": (
        "import torch; torch.Tensor.register_post_accumulate_grad_hook = lambda self, hook: None",
        S + "tensor_hooks.py",
        "post-accumulate-hook-sees-grad",
    ),
    "a post-accumulate-grad hook cannot clear .grad (the engine keeps the gradient)": (
        """
        import torch
        _register = torch.Tensor.register_post_accumulate_grad_hook
        def register(self, hook):
            def grad_kept(param):
                grad = param.grad
                hook(param)
                param.grad = grad
            return _register(self, grad_kept)
        torch.Tensor.register_post_accumulate_grad_hook = register
        """,
        S + "tensor_hooks.py",
        "optimizer-in-backward-updates",
    ),
    # module_hooks.py, backward_hook_grad_input.py
    "full backward hooks are never called": (
        """
        import collections, torch, torch.utils.hooks
        torch.nn.Module.register_full_backward_hook = (
            lambda self, hook, prepend=False: torch.utils.hooks.RemovableHandle(
                collections.OrderedDict()
            )
        )
        """,
        S + "module_hooks.py",
        "full-backward-hook-sees-input-output-grads",
    ),
    "grad_input holds zeros for an input that needs no grad": (
        """
        import torch
        _register = torch.nn.Module.register_full_backward_hook
        def register(self, hook, prepend=False):
            def zeros_for_none(module, grad_input, grad_output):
                grad_input = tuple(torch.zeros(1) if g is None else g for g in grad_input)
                return hook(module, grad_input, grad_output)
            return _register(self, zeros_for_none, prepend)
        torch.nn.Module.register_full_backward_hook = register
        """,
        S + "backward_hook_grad_input.py",
        "backward-hook-none-for-input-without-grad",
    ),
    "a full backward hook can no longer replace grad_input": (
        """
        import torch
        _register = torch.nn.Module.register_full_backward_hook
        def register(self, hook, prepend=False):
            def result_ignored(module, grad_input, grad_output):
                hook(module, grad_input, grad_output)
            return _register(self, result_ignored, prepend)
        torch.nn.Module.register_full_backward_hook = register
        """,
        S + "backward_hook_grad_input.py",
        "backward-hook-return-replaces-grad-input",
    ),
    "forward hooks are never called": (
        """
        import collections, torch, torch.utils.hooks
        torch.nn.Module.register_forward_hook = (
            lambda self, hook, *args, **kwargs: torch.utils.hooks.RemovableHandle(
                collections.OrderedDict()
            )
        )
        """,
        S + "module_hooks.py",
        "forward-hook-sees-output",
    ),
    "forward hooks get the output detached": (
        """
        import torch
        _register = torch.nn.Module.register_forward_hook
        def register(self, hook, *args, **kwargs):
            def detached(module, args, output):
                return hook(module, args, output.detach())
            return _register(self, detached, *args, **kwargs)
        torch.nn.Module.register_forward_hook = register
        """,
        S + "module_hooks.py",
        "hook-output-carries-graph",
    ),
    "handle.remove() leaves a module's hook on": (
        HANDLE_REMOVE_NO_OP,
        S + "module_hooks.py",
        "module-hook-handle-removes",
    ),
    "full backward hooks stop warning when no input requires grad": (
        """
        import types, torch.utils.hooks
        torch.utils.hooks.warnings = types.SimpleNamespace(warn=lambda *args, **kwargs: None)
        """,
        S + "backward_hook_grad_input.py",
        "backward-hook-warns-no-input-grad",
    ),
    # inplace_on_leaf.py
    "the in-place-on-leaf error is reworded": (
        reworded("torch.Tensor.add_", "a leaf Variable that requires grad is being used"),
        S + "inplace_on_leaf.py",
        "inplace-on-leaf-raises",
    ),
    "an in-place change under no_grad() stops moving the version counter": (
        """
        import torch
        _add_ = torch.Tensor.add_
        def add_(self, *args, **kwargs):
            if torch.is_grad_enabled():
                return _add_(self, *args, **kwargs)
            _add_(self.data, *args, **kwargs)  # .data: the version counter stays where it was
            return self
        torch.Tensor.add_ = add_
        """,
        S + "inplace_before_backward.py",
        "inplace-change-moves-version-counter",
    ),
    "optimizer.step() records its update, as with differentiable=True": (
        OPTIMIZERS_DIFFERENTIABLE,
        S + "inplace_on_leaf.py",
        "step-writes-under-no-grad",
    ),
    "SGD.step() writes a new tensor into .data instead of changing it in place": (
        """
        import torch
        def step(self, closure=None):
            with torch.no_grad():
                for group in self.param_groups:
                    for p in group["params"]:
                        if p.grad is not None:
                            p.data = p.data - group["lr"] * p.grad
        torch.optim.SGD.step = step
        """,
        S + "inplace_on_leaf.py",
        "step-writes-under-no-grad",
    ),
    "differentiable=True stops recording the step": (
        """
        import torch
        _init = torch.optim.SGD.__init__
        def __init__(self, params, *args, **kwargs):
            kwargs["differentiable"] = False
            _init(self, params, *args, **kwargs)
        torch.optim.SGD.__init__ = __init__
        """,
        S + "inplace_on_leaf.py",
        "differentiable-step-records",
    ),
    "the modified-by-an-inplace-operation error is reworded": (
        reworded(ENGINE, INPLACE),
        S + "inplace_before_backward.py",
        "changed-saved-leaf-breaks-backward",
    ),
    # backward_twice_error.py, retain_graph_accumulates.py, what_needs_retain_graph.py
    "the second-backward error is reworded": (
        reworded(ENGINE, SECOND_TIME),
        S + "backward_twice_error.py",
        "second-backward-raises",
    ),
    "backward overwrites .grad instead of adding to it (a failed second backward)": (
        OVERWRITE,
        S + "backward_twice_error.py",
        "first-backward-result-stays",
    ),
    "backward overwrites .grad instead of adding to it": (
        OVERWRITE,
        S + "retain_graph_accumulates.py",
        "retain-graph-grads-accumulate",
    ),
    "backward overwrites .grad instead of adding to it (summary)": (
        OVERWRITE,
        S + "retain_graph_accumulates.py",
        "summary-retain-graph-adds-up",
    ),
    "add starts saving tensors for backward": (
        """
        import torch
        _add = torch.Tensor.__add__
        torch.Tensor.__add__ = lambda self, other: _add(self * torch.ones_like(self), other)
        """,
        S + "what_needs_retain_graph.py",
        "add-and-sum-save-nothing",
        IN_RECIPE,  # the recipe's second backward of (x + 1).sum() now raises
    ),
    "x * x saves x once": (
        X_TIMES_X_SAVES_ONCE,
        S + "what_needs_retain_graph.py",
        "mul-saves-both-inputs",
    ),
    "the second-backward error is reworded (x * x)": (
        reworded(ENGINE, SECOND_TIME),
        S + "what_needs_retain_graph.py",
        "saved-graph-backward-twice-raises",
    ),
    "graphs that saved tensors are kept after backward": (
        GRAPHS_KEPT,
        S + "count_saved_tensors.py",
        "second-backward-error-needs-saved-tensors",
    ),
    "graphs that saved tensors are kept after backward (counted)": (
        GRAPHS_KEPT,
        S + "count_saved_tensors.py",
        "saved-count-predicts-second-backward",
    ),
    "saved-tensor hooks see the Python numbers an operation saves": (
        """
        import torch
        _mul = torch.Tensor.__mul__
        def mul(self, other):
            if isinstance(other, (int, float)):
                other = torch.tensor(other)  # a tensor the hooks see
            return _mul(self, other)
        torch.Tensor.__mul__ = mul
        """,
        S + "count_saved_tensors.py",
        "hooks-miss-saved-python-number",
    ),
    # retain_graph_two_losses.py, retain_graph_default_and_inputs.py
    "the second-backward error is reworded (two losses)": (
        reworded(ENGINE, SECOND_TIME),
        S + "retain_graph_two_losses.py",
        "second-loss-on-shared-trunk-raises",
    ),
    "backward(inputs=...) fills every leaf": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
            return _backward(self, gradient, retain_graph, create_graph)
        torch.Tensor.backward = backward
        """,
        S + "retain_graph_default_and_inputs.py",
        "backward-inputs-limits-gradients",
        IN_RECIPE,  # inputs=[features] is ignored too: the recipe's read of features.grad warns
    ),
    "backward(inputs=...) takes leaves only": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
            if inputs is not None:
                inputs = [t for t in inputs if t.is_leaf] or None
            return _backward(self, gradient, retain_graph, create_graph, inputs)
        torch.Tensor.backward = backward
        """,
        S + "retain_graph_default_and_inputs.py",
        "backward-inputs-accepts-non-leaf",
        IN_RECIPE,  # the recipe prints whether features.grad is set: a non-leaf's read warns
    ),
    # graph_reused_in_loop.py, rnn_hidden_state.py, hidden_state_not_detached.py
    "graphs are kept after backward": (
        GRAPHS_KEPT,
        S + "graph_reused_in_loop.py",
        "reused-graph-raises-second-time",
    ),
    "the modified-by-an-inplace-operation error is reworded (loop)": (
        reworded(ENGINE, INPLACE),
        S + "graph_reused_in_loop.py",
        "retained-graph-after-step-raises-inplace",
    ),
    "the second-backward error is reworded (RNN)": (
        reworded(ENGINE, SECOND_TIME),
        S + "hidden_state_not_detached.py",
        "carried-hidden-state-raises",
    ),
    "the modified-by-an-inplace-operation error is reworded (RNN)": (
        reworded(ENGINE, INPLACE),
        S + "hidden_state_not_detached.py",
        "carried-hidden-retain-graph-raises-inplace",
    ),
    "detach() returns a new leaf that still requires grad": (
        """
        import torch
        _detach = torch.Tensor.detach
        torch.Tensor.detach = lambda self: _detach(self).requires_grad_(self.requires_grad)
        """,
        S + "rnn_hidden_state.py",
        "detached-hidden-state-trains",
    ),
    "nn.LSTM returns its state as a list": (
        """
        import torch
        _forward = torch.nn.LSTM.forward
        def forward(self, input, hx=None):
            output, state = _forward(self, input, hx)
            return output, list(state)
        torch.nn.LSTM.forward = forward
        """,
        S + "rnn_hidden_state.py",
        "lstm-state-is-a-tuple",
    ),
    "torch.autograd.backward runs one pass per root": (
        """
        import torch
        _backward = torch.autograd.backward
        def backward(tensors, *args, **kwargs):
            if isinstance(tensors, (list, tuple)) and len(tensors) > 1:
                for tensor in tensors:
                    _backward(tensor, retain_graph=True)
                return None
            return _backward(tensors, *args, **kwargs)
        torch.autograd.backward = backward
        """,
        S + "retain_graph_two_losses.py",
        "several-roots-one-pass",
    ),
    # autograd_grad.py, allow_unused.py
    "torch.autograd.grad also fills .grad": (
        """
        import torch
        _grad = torch.autograd.grad
        def grad(outputs, inputs, *args, **kwargs):
            result = _grad(outputs, inputs, *args, **{**kwargs, "retain_graph": True})
            torch.autograd.backward(outputs)
            return result
        torch.autograd.grad = grad
        """,
        S + "autograd_grad.py",
        "autograd-grad-returns-not-accumulates",
    ),
    "torch.autograd.grad leaves retained .grad alone": (
        """
        import weakref, torch
        retained = weakref.WeakSet()
        _retain_grad = torch.Tensor.retain_grad
        def retain_grad(self):
            retained.add(self)
            return _retain_grad(self)
        torch.Tensor.retain_grad = retain_grad
        _grad = torch.autograd.grad
        def grad(*args, **kwargs):
            before = [(t, t.grad) for t in list(retained)]
            result = _grad(*args, **kwargs)
            for t, kept in before:
                t.grad = kept
            return result
        torch.autograd.grad = grad
        """,
        S + "autograd_grad.py",
        "autograd-grad-fills-retained-grad",
    ),
    "torch.autograd.grad gives no gradient for a non-leaf input": (
        """
        import torch
        _grad = torch.autograd.grad
        def grad(outputs, inputs, *args, **kwargs):
            inputs = [inputs] if isinstance(inputs, torch.Tensor) else list(inputs)
            result = _grad(outputs, inputs, *args, **kwargs)
            return tuple(g if t.is_leaf else None for t, g in zip(inputs, result))
        torch.autograd.grad = grad
        """,
        S + "autograd_grad.py",
        "autograd-grad-non-leaf",
    ),
    "the unused-input error is reworded": (
        reworded(ENGINE, "appears to not have been used in the graph"),
        S + "allow_unused.py",
        "unused-input-raises",
    ),
    "allow_unused=True returns zeros": (
        """
        import torch
        _grad = torch.autograd.grad
        def grad(outputs, inputs, *args, **kwargs):
            if kwargs.get("allow_unused"):
                kwargs["materialize_grads"] = True
            return _grad(outputs, inputs, *args, **kwargs)
        torch.autograd.grad = grad
        """,
        S + "allow_unused.py",
        "allow-unused-gives-none",
    ),
    "materialize_grads=True is ignored": (
        """
        import torch
        _grad = torch.autograd.grad
        def grad(outputs, inputs, *args, **kwargs):
            if kwargs.pop("materialize_grads", False):
                kwargs["allow_unused"] = True
            return _grad(outputs, inputs, *args, **kwargs)
        torch.autograd.grad = grad
        """,
        S + "allow_unused.py",
        "materialize-grads-gives-zeros",
    ),
    "backward() gives unused leaves a zero .grad": (
        """
        import torch
        _grad = torch.Tensor.grad
        def grad(self):
            value = _grad.__get__(self)
            if value is None and self.is_leaf and self.requires_grad:
                return torch.zeros_like(self)
            return value
        torch.Tensor.grad = property(grad, _grad.__set__, _grad.__delete__)
        """,
        S + "allow_unused.py",
        "backward-leaves-unused-grad-none",
    ),
    # higher_order_gradients.py, jacobians.py
    "create_graph=True stops building a graph of the gradient": (
        """
        import torch
        _grad = torch.autograd.grad
        def grad(outputs, inputs, *args, **kwargs):
            kwargs["create_graph"] = False
            return _grad(outputs, inputs, *args, **kwargs)
        torch.autograd.grad = grad
        """,
        S + "higher_order_gradients.py",
        "create-graph-gradient-has-graph",
        IN_RECIPE,  # the recipe differentiates dy/dx again: it has no graph
    ),
    "torch.autograd.grad defaults to create_graph=True": (
        """
        import torch
        _grad = torch.autograd.grad
        def grad(outputs, inputs, *args, **kwargs):
            kwargs.setdefault("create_graph", True)
            return _grad(outputs, inputs, *args, **kwargs)
        torch.autograd.grad = grad
        """,
        S + "higher_order_gradients.py",
        "gradient-without-create-graph-plain",
    ),
    "jacrev returns the transposed Jacobian": (
        """
        import torch.func
        _jacrev = torch.func.jacrev
        torch.func.jacrev = lambda f, *a, **k: lambda *xs: _jacrev(f, *a, **k)(*xs).T
        """,
        S + "jacobians.py",
        "jacrev-stacks-vjp-rows",
    ),
    "vmap stacks its results along the last dimension by default": (
        """
        import torch.func
        _vmap = torch.func.vmap
        torch.func.vmap = lambda f, in_dims=0, out_dims=-1, **kwargs: _vmap(f, in_dims, out_dims, **kwargs)
        """,
        S + "jacobian_with_vmap.py",
        "vmap-vjp-gives-jacobian",
    ),
    "torch.func.vjp marks its inputs as requiring grad": (
        """
        import torch.func
        _vjp = torch.func.vjp
        def vjp(func, *primals, **kwargs):
            for primal in primals:
                primal.requires_grad_()
            return _vjp(func, *primals, **kwargs)
        torch.func.vjp = vjp
        """,
        S + "jacobian_with_vmap.py",
        "torch-func-needs-no-requires-grad",
    ),
    # custom_function.py, custom_function_essentials.py, save_on_cpu.py
    "mark_non_differentiable is ignored": (
        "import torch; torch.autograd.function.FunctionCtx.mark_non_differentiable = "
        "lambda self, *args: None",
        S + "custom_function_essentials.py",
        "mark-non-differentiable-output",
    ),
    "needs_input_grad says True for every input": (
        """
        import torch.autograd.function
        torch.autograd.function.BackwardCFunction.needs_input_grad = property(
            lambda self: (True,) * len(self.next_functions)
        )
        """,
        S + "custom_function_essentials.py",
        "needs-input-grad-skips",
    ),
    "once_differentiable stops checking": (
        "import torch.autograd.function; "
        "torch.autograd.function.once_differentiable = lambda fn: fn",
        S + "custom_function_essentials.py",
        "once-differentiable-raises",
        IN_RECIPE,  # the second derivative now runs, and frees the graph loss.backward() needs
    ),
    "torch.func.grad accepts a Function without setup_context": (
        """
        import torch, torch.func
        def grad(func):
            def gradient(t):
                t = t.detach().requires_grad_()
                return torch.autograd.grad(func(t), t)[0]
            return gradient
        torch.func.grad = grad
        """,
        S + "custom_function_essentials.py",
        "setup-context-enables-torch-func",
    ),
    "the second-backward error is reworded (custom Function)": (
        reworded(ENGINE, SECOND_TIME),
        S + "custom_function_essentials.py",
        "custom-saved-tensors-freed",
    ),
    "a custom Function's gradient is not what its backward returns": (
        """
        import torch, torch.autograd.function
        _apply = torch.autograd.function.BackwardCFunction.apply
        def apply(self, *args):
            grads = _apply(self, *args)
            if isinstance(grads, torch.Tensor):
                return 2 * grads
            return tuple(None if g is None else 2 * g for g in grads)
        torch.autograd.function.BackwardCFunction.apply = apply
        """,
        S + "custom_function.py",
        "custom-backward-gives-gradient",
        IN_RECIPE,  # the recipe's gradcheck raises on the doubled gradient
    ),
    "gradcheck also checks forward-mode AD by default": (
        """
        import torch.autograd
        _gradcheck = torch.autograd.gradcheck
        def gradcheck(func, inputs, **kwargs):
            kwargs.setdefault("check_forward_ad", True)
            return _gradcheck(func, inputs, **kwargs)
        torch.autograd.gradcheck = gradcheck
        """,
        S + "custom_function.py",
        "gradcheck-accepts-custom-function",
        IN_RECIPE,  # the recipe's gradcheck raises: Exp has no forward-mode formula
    ),
    "save_on_cpu keeps saved tensors in half precision": (
        """
        import torch
        from torch.autograd.graph import saved_tensors_hooks
        class save_on_cpu(saved_tensors_hooks):
            def __init__(self, pin_memory=False, device_type="cuda"):
                super().__init__(lambda t: (t.dtype, t.half()), lambda p: p[1].to(p[0]))
        torch.autograd.graph.save_on_cpu = save_on_cpu
        """,
        S + "save_on_cpu.py",
        "save-on-cpu-same-gradients",
    ),
    "save_on_cpu is a context manager of its own, not saved-tensor hooks": (
        """
        import contextlib, torch
        _save_on_cpu = torch.autograd.graph.save_on_cpu
        class save_on_cpu(contextlib.AbstractContextManager):
            def __init__(self, pin_memory=False, device_type="cuda"):
                self._hooks = _save_on_cpu(pin_memory, device_type)
            def __enter__(self):
                return self._hooks.__enter__()
            def __exit__(self, *exc):
                return self._hooks.__exit__(*exc)
        torch.autograd.graph.save_on_cpu = save_on_cpu
        """,
        S + "save_on_cpu.py",
        "save-on-cpu-is-saved-tensors-hooks",
    ),
}

# Claims no plausible release change breaks at their own assert (gradsite/claims.py shows
# the reason on the claims page instead of "no drift case"; the build fails if a case is
# added for one, or the claim goes).
NO_DRIFT = {
    "model-to-gives-new-storage": (
        "float64 values cannot live in the float32 storage they came from: any release that "
        "converts the dtype allocates, whether it keeps, swaps or replaces the Parameter "
        "object (that choice is model-to-keeps-parameters-leaves, which has its case)"
    ),
    "compiled-node-saves-nothing-here": (
        "what the compiled node saves is decided inside AOTAutograd's partitioner, and "
        "retain_graph=True keeping a node is the same mechanism as in eager mode; simulating "
        "either would mean patching AOTAutograd itself"
    ),
    "compiled-retain-grad-unsupported": (
        "Dynamo refuses Tensor.retain_grad by name while it traces, so a patch of the method "
        "never reaches it; a release that compiled it would fail this assert"
    ),
    "compiled-retain-grad-default-runs-eagerly": (
        "Dynamo handles Tensor.retain_grad by name while it traces, so a patch of the method "
        "never reaches it; a release that compiled the call (a compiled node, not "
        "SumBackward0) or refused it without fullgraph (an exception) fails these asserts"
    ),
    "compiled-second-backward-raises": (
        "the compiled node frees what it saved after its backward pass as every node does; "
        "keeping it would need a patch inside AOTAutograd, and torch.compile running eagerly "
        "breaks compiled-region-is-one-node, the line before, first"
    ),
    "compiled-double-backward-unsupported": (
        "a release that supports double backward through a compiled region fails this "
        "assert, but simulating that support would mean writing it inside AOTAutograd"
    ),
    "compiled-output-retain-grad-stays-none": (
        "an output's gradient reaching the compiled node some other way would need a patch "
        "inside AOTAutograd; the public calls it makes (retain_grad, backward) have cases "
        "elsewhere on this page"
    ),
    "tuple-state-has-no-detach": (
        "a tuple is Python's and has no detach(); what a release could change, the type of "
        "the state nn.LSTM returns, is the case 'nn.LSTM returns its state as a list' of "
        "lstm-state-is-a-tuple"
    ),
    "scalar-backward-starts-from-one": (
        "a seed other than one scales every gradient of the graph, so the retained c.grad "
        "(retained-c-grad-is-120, the line before) fails first, as the 'backward() of a "
        "scalar starts from a gradient of 2' case shows on chain_rule_2400.py"
    ),
    "sum-is-gradient-of-ones": (
        "the gradient of y.sum() with respect to y is all ones by the definition of the sum; "
        "a release that changes what backward() does with gradient= fails the assert of "
        "backward-gradient-is-vjp first"
    ),
    "conversion-grad-reaches-original": (
        "a conversion recorded as ToCopyBackward0 passes the gradient on to its input by the "
        "chain rule; a conversion that stops being recorded fails the assert of "
        "real-conversion-is-non-leaf first"
    ),
    "summed-losses-one-trunk-pass": (
        "the engine runs each node once, on the sum of the gradients it receives (the trunk's "
        "output gets both heads'), by what autograd is; a patch that changes that changes "
        "autograd for every example"
    ),
    "summed-losses-same-gradients": (
        "the gradient of loss_a + loss_b is the sum of their gradients by linearity, equal up "
        "to rounding, which the assert bounds by 1e-6; no release can change it without "
        "computing gradients wrongly"
    ),
    "summary-sum-of-losses": (
        "the gradient of loss_a + loss_b is the sum of their gradients by linearity, equal up "
        "to rounding, which the assert bounds by 1e-6; no release can change it without "
        "computing gradients wrongly"
    ),
    "second-derivative-is-12": (
        "6x at x = 2 is the derivative of the gradient 3x² whose graph the assert of "
        "create-graph-gradient-has-graph checks just before; a create_graph=True that stops "
        "building that graph fails there first"
    ),
    "forward-in-loop-fresh-gradient": (
        "a new forward pass through the weights step() changed gives another gradient by "
        "arithmetic; a step() that stops changing them in place fails the check of "
        "retained-graph-after-step-raises-inplace first"
    ),
}
