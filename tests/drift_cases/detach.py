"""Simulated PyTorch changes to what the detach chapter teaches.

Each case monkeypatches torch, as a new PyTorch release might behave (or as the
source article claims it does), and checks that the example teaching the current
behaviour fails the build's runner, naming it (in a forked child), at the assert
that carries `# claim: <claim-id>`. See CONTRIBUTING.md.
"""

from __future__ import annotations

from drift_cases import (
    BACKWARD_STOPS_WARNING,
    IN_RECIPE,
    NO_GRAD_RECORDS,
    OPTIMIZER_DEFAULTS_TO_ZEROS,
    leaf_grad_reads_zeros,
)

SHARES = "snippets/detach/detach_shares_storage.py"
CLONE = "snippets/detach/clone_and_detach.py"
GETS_GRAD = "snippets/detach/detached_tensor_gets_grad.py"
VERSION = "snippets/detach/inplace_on_detached_breaks_backward.py"
SAVES = "snippets/detach/what_backward_saves.py"
ANOMALY = "snippets/detach/detect_anomaly.py"
INPLACE = "snippets/detach/inplace_errors.py"
RELU = "snippets/detach/inplace_relu.py"
GAN_STEP = "snippets/detach/gan_step_between_backwards.py"
DATA = "snippets/detach/data_gives_wrong_gradient.py"
WRITE = "snippets/detach/write_parameters_without_data.py"
WRITE_CHECKED = "snippets/detach/parameter_writes_still_checked.py"
DETACH_ = "snippets/detach/detach_in_place.py"
GRAD_GRAPH = "snippets/detach/gradient_with_graph.py"
EVALUATE = "snippets/detach/evaluate_without_a_graph.py"
MEMORY = "snippets/detach/no_grad_saves_memory.py"
MODES = "snippets/detach/no_grad_vs_inference_mode.py"
GRAD_MODES = "snippets/detach/grad_modes.py"
TRAIN_EVAL = "snippets/detach/train_and_evaluate_loop.py"
FREEZE = "snippets/detach/freeze_part_of_model.py"
FROZEN_BN = "snippets/detach/frozen_batchnorm_running_stats.py"
EVAL = "snippets/detach/eval_is_not_no_grad.py"
GAN = "snippets/detach/gan_discriminator_step.py"
EMA = "snippets/detach/ema_target_network.py"
Q_TARGET = "snippets/detach/target_network.py"
STE = "snippets/detach/straight_through_estimator.py"
LOG = "snippets/detach/log_loss_item.py"
NUMPY = "snippets/detach/logging_and_numpy.py"


def reworded_backward_error(old: str, new: str) -> str:
    """A release rewords the error a backward pass raises: `old` becomes `new`."""
    return f"""
        import re, torch
        _backward = torch.Tensor.backward
        def backward(self, *args, **kwargs):
            try:
                return _backward(self, *args, **kwargs)
            except RuntimeError as error:
                raise RuntimeError(re.sub({old!r}, {new!r}, str(error))) from None
        torch.Tensor.backward = backward
        """


def reworded_backward_warning(old: str, new: str) -> str:
    """A release rewords a warning a backward pass gives: `old` becomes `new`."""
    return f"""
        import re, torch, warnings
        _backward = torch.Tensor.backward
        def backward(self, *args, **kwargs):
            caught = []
            try:
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    return _backward(self, *args, **kwargs)
            finally:
                for w in caught:
                    message = re.sub({old!r}, {new!r}, str(w.message))
                    warnings.warn_explicit(message, w.category, w.filename, w.lineno)
        torch.Tensor.backward = backward
        """


def set_grad_enabled_outside_torch(mode: bool) -> str:
    """set_grad_enabled(...) in the example's own code sets `mode` whatever it is given;
    torch's code keeps the real one."""
    return f"""
        import sys, torch
        class set_grad_enabled(torch.set_grad_enabled):
            def __init__(self, mode):
                caller = sys._getframe(1).f_globals.get("__name__", "")
                super().__init__(mode if caller.startswith("torch") else {mode!r})
        torch.set_grad_enabled = set_grad_enabled
        """


DETACH_RETURNS_SELF = """
    import torch
    torch.Tensor.detach = lambda self: self
    """
DETACH_COPIES = """
    import torch
    _detach = torch.Tensor.detach
    torch.Tensor.detach = lambda self: _detach(self).clone()
    """
DETACH_STAYS_IN_GRAPH = """
    import torch
    torch.Tensor.detach = lambda self: self.view_as(self)
    """
DETACH_LIKE_DATA = """
    import torch
    torch.Tensor.detach = lambda self: torch._C.TensorBase.data.__get__(self)
    """
SETITEM_NO_OP = """
    import torch
    torch.Tensor.__setitem__ = lambda self, key, value: None
    """
CLONE_RETURNS_SELF = """
    import torch
    torch.Tensor.clone = lambda self, *args, **kwargs: self
    """
NO_GRAD_IS_INFERENCE_MODE = """
    import torch
    torch.no_grad = torch.inference_mode
    """
INFERENCE_MODE_IS_NO_GRAD = """
    import torch
    class inference_mode(torch.no_grad):
        def __init__(self, mode=True):
            super().__init__()
    torch.inference_mode = inference_mode
    """
MODULE_REQUIRES_GRAD_NO_OP = """
    import torch
    torch.nn.Module.requires_grad_ = lambda self, requires_grad=True: self
    """
EVAL_FREEZES = """
    import torch
    _eval = torch.nn.Module.eval
    def eval(self):
        self.requires_grad_(False)
        return _eval(self)
    torch.nn.Module.eval = eval
    """

# sigmoid saves its input instead of its output.
SIGMOID_SAVES_INPUT = """
    import torch
    torch.Tensor.sigmoid = lambda self: 1 / (1 + torch.exp(-self))
    """

# copy_() writes nothing.
COPY_STOPS_WRITING = """
    import torch
    torch.Tensor.copy_ = lambda self, src, non_blocking=False: self
    """

# detach() detaches the tensor itself too, in place.
DETACH_CUTS_ORIGINAL = """
    import torch
    torch.Tensor.detach = lambda self: self.detach_()
    """

# A frozen parameter (one that needs no grad) reads a zero .grad instead of None. Parameters
# only: with every leaf that needs no grad (drift_cases.leaf_grad_reads_zeros), a zero .grad
# has a zero .grad of its own, and copy.deepcopy of a model with buffers never ends.
FROZEN_PARAMETER_READS_ZEROS = """
    import torch
    _grad = torch.Tensor.grad
    def grad(self):
        value = _grad.__get__(self)
        if value is None and isinstance(self, torch.nn.Parameter) and not self.requires_grad:
            return torch.zeros_like(self)
        return value
    torch.Tensor.grad = property(grad, _grad.__set__, _grad.__delete__)
    """

DRIFT = {
    # What detach() returns
    "detach() returns the tensor itself": (
        DETACH_RETURNS_SELF,
        SHARES,
        "detach-returns-leaf-without-grad",
    ),
    "detach() returns a copy with its own storage": (
        DETACH_COPIES,
        SHARES,
        "detach-shares-storage",
    ),
    "detach() returns a copy (summary)": (
        DETACH_COPIES,
        SHARES,
        "summary-detach-shares-storage",
    ),
    "in-place writes through a detached tensor stop reaching the original": (
        SETITEM_NO_OP,
        SHARES,
        "detach-inplace-change-shows",
    ),
    "clone() of a tensor that needs no grad returns it uncopied": (
        """
        import torch
        _clone = torch.Tensor.clone
        def clone(self, *args, **kwargs):
            return _clone(self, *args, **kwargs) if self.requires_grad else self
        torch.Tensor.clone = clone
        """,
        CLONE,
        "detach-clone-orders-same-values",
    ),
    "clone() stops being recorded": (
        """
        import torch
        _clone = torch.Tensor.clone
        torch.Tensor.clone = lambda self, *a, **k: _clone(self.detach(), *a, **k)
        """,
        CLONE,
        "clone-is-recorded-op",
        IN_RECIPE,  # the recipe backpropagates through the clone, now outside the graph
    ),
    "clone()'s gradient stops reaching its source": (
        """
        import torch
        _clone = torch.Tensor.clone
        def clone(self, *args, **kwargs):
            out = _clone(self, *args, **kwargs)
            if out.requires_grad:
                out.register_hook(torch.zeros_like)
            return out
        torch.Tensor.clone = clone
        """,
        CLONE,
        "plain-clone-passes-gradient",
    ),
    "torch.tensor(t) warns without naming detach().clone()": (
        """
        import torch, warnings
        _tensor = torch.tensor
        def tensor(data, *args, **kwargs):
            if isinstance(data, torch.Tensor):
                warnings.warn("copying a tensor", UserWarning)
                return data.detach().clone()
            return _tensor(data, *args, **kwargs)
        torch.tensor = tensor
        """,
        CLONE,
        "torch-tensor-on-tensor-warns",
    ),
    # A detached tensor can get a gradient
    "a detached tensor refuses requires_grad (the article's claim)": (
        """
        import torch
        _detach = torch.Tensor.detach
        def detach(self):
            out = _detach(self)
            out.requires_grad_ = lambda requires_grad=True: out
            return out
        torch.Tensor.detach = detach
        """,
        GETS_GRAD,
        "detached-requires-grad-new-leaf",
        IN_RECIPE,  # the recipe backpropagates into z, which now needs no grad
    ),
    "a detached leaf never keeps a gradient (the article's claim)": (
        GRAD_DROPPED := """
        import torch
        _detach = torch.Tensor.detach
        def detach(self):
            out = _detach(self)
            def requires_grad_(requires_grad=True):
                torch.Tensor.requires_grad_(out, requires_grad)
                out.register_post_accumulate_grad_hook(
                    lambda t: setattr(t, "grad", None)
                )
                return out
            out.requires_grad_ = requires_grad_
            return out
        torch.Tensor.detach = detach
        """,
        GETS_GRAD,
        "detached-leaf-gets-grad",
    ),
    "a detached leaf never keeps a gradient (summary)": (
        GRAD_DROPPED,
        GETS_GRAD,
        "summary-detached-can-get-grad",
    ),
    "the gradient of a detached leaf flows on into the original graph": (
        FLOWS_BACK := """
        import torch
        _detach = torch.Tensor.detach
        def detach(self):
            out = _detach(self)
            def requires_grad_(requires_grad=True):
                torch.Tensor.requires_grad_(out, requires_grad)
                out.register_hook(
                    lambda g: (self.backward(g, retain_graph=True), g)[1]
                )
                return out
            out.requires_grad_ = requires_grad_
            return out
        torch.Tensor.detach = detach
        """,
        GETS_GRAD,
        "no-grad-flows-back-through-detach",
    ),
    "the gradient of a detached leaf flows on (intro)": (
        FLOWS_BACK,
        GETS_GRAD,
        "detach-stops-backward",
    ),
    # The version counter
    "detach() stops sharing the version counter (behaves like .data)": (
        DETACH_LIKE_DATA,
        VERSION,
        "inplace-bumps-shared-version",
    ),
    "the version error stops saying 'modified by an inplace operation'": (
        INPLACE_REWORDED := reworded_backward_error(
            "modified by an inplace operation", "changed in place"
        ),
        VERSION,
        "zeroing-detached-output-fails-backward",
    ),
    "the version error is reworded (saved-version check)": (
        INPLACE_REWORDED,
        VERSION,
        "backward-checks-saved-version",
    ),
    "the version error stops giving the versions": (
        reworded_backward_error(r"is at version \d+; expected version \d+", "is stale"),
        VERSION,
        "summary-inplace-through-detach-raises",
    ),
    "the version error stops naming the tensor and its operation": (
        NO_OUTPUT_OF := reworded_backward_error(r", which is output \d+ of \w+", ""),
        VERSION,
        "version-error-describes-tensor",
    ),
    "sigmoid saves its input instead of its output": (
        SIGMOID_SAVES_INPUT,
        SAVES,
        "sigmoid-saves-its-output",
    ),
    "x * 2 saves its constant operand": (
        """
        import torch
        _mul = torch.Tensor.__mul__
        torch.Tensor.__mul__ = lambda self, other: _mul(
            self, torch.as_tensor(other, dtype=self.dtype)
        )
        """,
        SAVES,
        "times-two-saves-nothing",
    ),
    "sigmoid saves its input instead of its output (.data)": (
        SIGMOID_SAVES_INPUT,
        DATA,
        "data-change-goes-unnoticed",
    ),
    "sigmoid saves its input instead of its output (.data, summary)": (
        SIGMOID_SAVES_INPUT,
        DATA,
        "summary-data-wrong-gradient",
    ),
    # detect_anomaly()
    "entering detect_anomaly() stops warning about runtime": (
        """
        import torch, warnings
        _init = torch.autograd.detect_anomaly.__init__
        def __init__(self, *args, **kwargs):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                _init(self, *args, **kwargs)
            warnings.warn("Anomaly Detection has been enabled.")
        torch.autograd.detect_anomaly.__init__ = __init__
        """,
        ANOMALY,
        "anomaly-mode-warns-slow",
    ),
    "under detect_anomaly() the version error is reworded": (
        INPLACE_REWORDED,
        ANOMALY,
        "anomaly-error-still-raised",
    ),
    "the anomaly report names the forward function, not the backward node": (
        reworded_backward_warning(r"Error detected in (\w+)Backward\d+", r"Error detected in \1"),
        ANOMALY,
        "anomaly-warning-names-node",
    ),
    "the anomaly report stops introducing the forward traceback": (
        reworded_backward_warning("Traceback of forward call that caused the error:", ""),
        ANOMALY,
        "anomaly-warning-names-forward-call",
    ),
    # The same error without detach()
    "ReLU ignores inplace=True": (
        """
        import torch
        _init = torch.nn.ReLU.__init__
        torch.nn.ReLU.__init__ = lambda self, inplace=False: _init(self, False)
        """,
        RELU,
        "inplace-relu-after-saved-output-raises",
    ),
    "ELU computes its backward from its output": (
        """
        import torch
        torch.nn.ELU.forward = lambda self, input: torch.nn.functional.elu(
            input.clone(), self.alpha, inplace=True
        )
        """,
        RELU,
        "inplace-relu-after-input-saver-runs",
    ),
    "the version error stops naming the operation that saved the tensor": (
        NO_OUTPUT_OF,
        INPLACE,
        "version-error-names-saving-op",
    ),
    "ReLU() becomes in-place": (
        """
        import torch
        torch.nn.ReLU.forward = lambda self, input: torch.relu_(input)
        """,
        RELU,
        "out-of-place-relu-fixes",
        IN_RECIPE,  # the recipe runs the fixed model's backward, which now raises
    ),
    "+= makes a new tensor": (
        """
        import torch
        torch.Tensor.__iadd__ = lambda self, other: self + other
        """,
        INPLACE,
        "plus-equals-on-activation-raises",
    ),
    "h + 1 writes into h": (
        """
        import torch
        torch.Tensor.__add__ = lambda self, other: self.add_(other)
        """,
        INPLACE,
        "out-of-place-add-fixes",
    ),
    "index assignment stops writing in place": (
        SETITEM_NO_OP,
        INPLACE,
        "index-assignment-raises",
    ),
    "clone() returns the tensor itself": (
        CLONE_RETURNS_SELF,
        INPLACE,
        "clone-before-index-assignment-fixes",
    ),
    "optimizer steps stop writing into the parameters in place": (
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
        GAN_STEP,
        "optimizer-step-between-backwards-raises",
    ),
    "detach() cuts the original tensor too (fresh forward after the step)": (
        DETACH_CUTS_ORIGINAL,
        GAN_STEP,
        "fresh-forward-after-step-fixes",
    ),
    # .data
    ".data returns a copy": (
        """
        import torch
        _data = torch._C.TensorBase.data
        torch.Tensor.data = property(
            lambda self: _data.__get__(self).clone(), _data.__set__
        )
        """,
        DATA,
        "data-looks-like-detach",
    ),
    # Writing into parameters
    "copy_() under no_grad() stops writing": (
        COPY_STOPS_WRITING,
        WRITE,
        "no-grad-writes-keep-leaf",
    ),
    "in-place writes into a leaf that requires grad are allowed": (
        """
        import torch
        _fill_ = torch.Tensor.fill_
        def fill_(self, value):
            with torch.no_grad():
                return _fill_(self, value)
        torch.Tensor.fill_ = fill_
        """,
        WRITE_CHECKED,
        "write-outside-no-grad-refused",
    ),
    "writes under no_grad() stop moving the version counter": (
        """
        import torch
        _fill_ = torch.Tensor.fill_
        def fill_(self, value):
            if torch.is_grad_enabled():
                return _fill_(self, value)
            _fill_(self.data, value)
            return self
        torch.Tensor.fill_ = fill_
        """,
        WRITE_CHECKED,
        "no-grad-write-still-caught",
    ),
    # detach_()
    "detach_() does nothing": (
        """
        import torch
        torch.Tensor.detach_ = lambda self: self
        """,
        DETACH_,
        "detach-in-place-makes-leaf",
    ),
    "detach_() moves the data to new storage": (
        """
        import torch
        _detach_ = torch.Tensor.detach_
        def detach_(self):
            _detach_(self)
            return self.set_(self.clone())
        torch.Tensor.detach_ = detach_
        """,
        DETACH_,
        "detach-in-place-keeps-data",
    ),
    "detach_() on a view is allowed": (
        """
        import torch
        _detach_ = torch.Tensor.detach_
        torch.Tensor.detach_ = lambda self: self if self._is_view() else _detach_(self)
        """,
        DETACH_,
        "view-cannot-detach-in-place",
    ),
    "backward(create_graph=True) stops warning about the cycle": (
        BACKWARD_STOPS_WARNING,
        GRAD_GRAPH,
        "create-graph-grad-warns-leak",
        IN_RECIPE,  # the recipe prints the warning, and none was given
    ),
    "backward(create_graph=True) stores a detached .grad": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, *args, **kwargs):
            result = _backward(self, *args, **kwargs)
            stack, seen = [self.grad_fn], set()
            while stack:  # every leaf the backward reached: its .grad without a graph
                node = stack.pop()
                if node is None or node in seen:
                    continue
                seen.add(node)
                leaf = getattr(node, "variable", None)
                if leaf is not None and leaf.grad is not None:
                    leaf.grad = leaf.grad.detach()
                stack.extend(next_fn for next_fn, _ in node.next_functions)
            return result
        torch.Tensor.backward = backward
        """,
        GRAD_GRAPH,
        "create-graph-grad-has-grad-fn",
    ),
    "zero_grad(set_to_none=False) stops detaching (the quoted loop without detach_)": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=True):
            if set_to_none:
                return _zero_grad(self, True)
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is not None:
                        p.grad.zero_()
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        GRAD_GRAPH,
        "zero-grad-detaches-graph-gradient",
    ),
    "zero_grad() defaults to zeros again": (
        OPTIMIZER_DEFAULTS_TO_ZEROS,
        GRAD_GRAPH,
        "zero-grad-default-drops-gradient",
    ),
    # no_grad() and inference_mode()
    "inference_mode tensors become savable (recipe)": (
        INFERENCE_MODE_IS_NO_GRAD,
        EVALUATE,
        "inference-mode-gives-inference-tensors",
    ),
    "no_grad() makes inference tensors": (
        NO_GRAD_IS_INFERENCE_MODE,
        EVALUATE,
        "no-grad-gives-ordinary-tensors",
    ),
    "no_grad() stops turning recording off": (
        NO_GRAD_RECORDS,
        MODES,
        "both-modes-record-no-operation",
    ),
    "backward() keeps the graph's saved tensors (retain_graph defaults to True)": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, retain_graph=None, *args, **kwargs):
            return _backward(self, gradient, True if retain_graph is None else retain_graph, *args, **kwargs)
        torch.Tensor.backward = backward
        """,
        MEMORY,
        "a-recorded-graph-keeps-activations-until-backward",
    ),
    "no_grad() stops turning recording off (memory)": (
        NO_GRAD_RECORDS,
        MEMORY,
        "no-grad-frees-activations-at-once",
    ),
    "inference_mode tensors become savable (inference_mode acts like no_grad)": (
        INFERENCE_MODE_IS_NO_GRAD,
        MODES,
        "inference-tensor-is-inference",
    ),
    "factories under no_grad() drop requires_grad=True": (
        """
        import torch
        _zeros = torch.zeros
        def zeros(*args, **kwargs):
            if not torch.is_grad_enabled():
                kwargs["requires_grad"] = False
            return _zeros(*args, **kwargs)
        torch.zeros = zeros
        """,
        MODES,
        "no-grad-keeps-requested-requires-grad",
    ),
    "layers accept inference tensors as inputs": (
        """
        import torch
        _forward = torch.nn.Linear.forward
        def forward(self, input):
            return _forward(self, input.clone() if input.is_inference() else input)
        torch.nn.Linear.forward = forward
        """,
        MODES,
        "returned-inference-tensor-cannot-be-saved",
    ),
    "clone() of an inference tensor stays an inference tensor": (
        """
        import torch
        _clone = torch.Tensor.clone
        def clone(self, *args, **kwargs):
            if self.is_inference():
                with torch.inference_mode():
                    return _clone(self, *args, **kwargs)
            return _clone(self, *args, **kwargs)
        torch.Tensor.clone = clone
        """,
        MODES,
        "clone-of-inference-tensor-is-normal",
        IN_RECIPE,  # the recipe trains on the clone, which a layer now refuses to save
    ),
    "the inference-tensor version-counter error is reworded": (
        """
        import torch
        _version = torch._C.TensorBase._version
        def version(self):
            try:
                return _version.__get__(self)
            except RuntimeError as error:
                old = "Inference tensors do not track version counter"
                raise RuntimeError(str(error).replace(old, "(reworded)")) from None
        torch.Tensor._version = property(version)
        """,
        MODES,
        "inference-mode-drops-version-counter",
    ),
    # Grad modes
    "set_grad_enabled(True) stops recording": (
        set_grad_enabled_outside_torch(False),
        TRAIN_EVAL,
        "set-grad-enabled-switches-recording",
    ),
    "set_grad_enabled(False) stops turning recording off": (
        set_grad_enabled_outside_torch(True),
        GRAD_MODES,
        "grad-modes-set-grad-enabled-false",
    ),
    "inference_mode acts like no_grad (grad-mode table)": (
        INFERENCE_MODE_IS_NO_GRAD,
        GRAD_MODES,
        "grad-modes-inference-tensor",
    ),
    # Recording stays off (inference tensors), but torch.is_grad_enabled() says True.
    "inference_mode() stops turning the grad mode off": (
        """
        import torch
        class inference_mode(torch.inference_mode):
            def __enter__(self):
                super().__enter__()
                self.grad_mode = torch.is_grad_enabled()
                torch._C._set_grad_enabled(True)
            def __exit__(self, *exc):
                torch._C._set_grad_enabled(self.grad_mode)
                return super().__exit__(*exc)
        torch.inference_mode = inference_mode
        """,
        GRAD_MODES,
        "grad-modes-inference-off",
    ),
    "no_grad() stops turning recording off (grad-mode table)": (
        NO_GRAD_RECORDS,
        GRAD_MODES,
        "grad-modes-no-grad-off",
    ),
    "enable_grad() cannot override no_grad()": (
        """
        import contextlib, torch
        torch.enable_grad = contextlib.nullcontext
        """,
        GRAD_MODES,
        "grad-modes-enable-grad-wins",
    ),
    "model.eval() also turns gradients off (grad-mode table)": (
        EVAL_FREEZES,
        GRAD_MODES,
        "grad-modes-eval-untouched",
    ),
    # Freezing
    "Module.requires_grad_(False) stops reaching the parameters (freezing)": (
        MODULE_REQUIRES_GRAD_NO_OP,
        FREEZE,
        "module-requires-grad-false-freezes",
    ),
    "Module.requires_grad_(False) stops reaching the parameters (proof)": (
        MODULE_REQUIRES_GRAD_NO_OP,
        FREEZE,
        "frozen-parameters-grad-stays-none",
    ),
    "Module.requires_grad_(False) stops reaching the parameters (BatchNorm)": (
        MODULE_REQUIRES_GRAD_NO_OP,
        FROZEN_BN,
        "frozen-batchnorm-weights-get-no-grad",
    ),
    "a frozen BatchNorm stops updating its statistics in train mode": (
        """
        import torch
        _forward = torch.nn.modules.batchnorm._BatchNorm.forward
        def forward(self, input):
            if self.weight is None or self.weight.requires_grad:
                return _forward(self, input)
            training, self.training = self.training, False
            try:
                return _forward(self, input)
            finally:
                self.training = training
        torch.nn.modules.batchnorm._BatchNorm.forward = forward
        """,
        FROZEN_BN,
        "frozen-batchnorm-stats-still-update",
    ),
    "BatchNorm in eval mode keeps updating its statistics": (
        """
        import torch
        _forward = torch.nn.modules.batchnorm._BatchNorm.forward
        def forward(self, input):
            training, self.training = self.training, True
            try:
                return _forward(self, input)
            finally:
                self.training = training
        torch.nn.modules.batchnorm._BatchNorm.forward = forward
        """,
        FROZEN_BN,
        "batchnorm-eval-stops-stat-updates",
    ),
    "model.train() stops reaching the submodules": (
        """
        import torch
        def train(self, mode=True):
            self.training = mode
            return self
        torch.nn.Module.train = train
        """,
        FROZEN_BN,
        "model-train-undoes-layer-eval",
    ),
    # model.eval()
    "model.eval() does nothing": (
        """
        import torch
        torch.nn.Module.eval = lambda self: self
        """,
        EVAL,
        "eval-turns-dropout-off",
    ),
    "model.eval() also turns gradients off": (
        EVAL_FREEZES,
        EVAL,
        "eval-still-records-graph",
        IN_RECIPE,  # the recipe backpropagates through an output that now has no graph
    ),
    "model.eval() also turns gradients off (summary)": (
        EVAL_FREEZES,
        EVAL,
        "summary-eval-not-grad-switch",
        IN_RECIPE,  # the recipe backpropagates through an output that now has no graph
    ),
    "no_grad() stops turning recording off (evaluation)": (
        NO_GRAD_RECORDS,
        EVAL,
        "eval-and-no-grad-together",
    ),
    # Uses
    "detach() stays in the graph (GAN)": (
        DETACH_STAYS_IN_GRAPH,
        GAN,
        "detached-fake-stops-at-generator",
        IN_RECIPE,  # the D step's backward now frees the generator's graph; the G step raises
    ),
    "detach() cuts the original tensor too (GAN)": (
        DETACH_CUTS_ORIGINAL,
        GAN,
        "fake-keeps-its-graph",
    ),
    "AveragedModel freezes the parameters of its copy": (
        """
        import torch.optim.swa_utils
        _init = torch.optim.swa_utils.AveragedModel.__init__
        def __init__(self, *args, **kwargs):
            _init(self, *args, **kwargs)
            self.module.requires_grad_(False)
        torch.optim.swa_utils.AveragedModel.__init__ = __init__
        """,
        "snippets/detach/averaged_model_ema.py",
        "averaged-model-copy-requires-grad",
    ),
    "get_ema_multi_avg_fn's decay weights the new value, like BatchNorm's momentum": (
        """
        import torch.optim.swa_utils
        _get_ema = torch.optim.swa_utils.get_ema_multi_avg_fn
        torch.optim.swa_utils.get_ema_multi_avg_fn = lambda decay=0.999: _get_ema(1 - decay)
        """,
        "snippets/detach/averaged_model_ema.py",
        "averaged-model-ema-parameters",
    ),
    "AveragedModel ignores use_buffers=True": (
        """
        import torch.optim.swa_utils
        _init = torch.optim.swa_utils.AveragedModel.__init__
        def __init__(self, *args, use_buffers=False, **kwargs):
            _init(self, *args, use_buffers=False, **kwargs)
        torch.optim.swa_utils.AveragedModel.__init__ = __init__
        """,
        "snippets/detach/averaged_model_ema.py",
        "averaged-model-ema-buffers",
    ),
    "no_grad() stops turning recording off (EMA update)": (
        NO_GRAD_RECORDS,
        EMA,
        "ema-copy-stays-frozen",
    ),
    "a frozen parameter reads a zero .grad (EMA target)": (
        FROZEN_PARAMETER_READS_ZEROS,
        EMA,
        "frozen-target-gets-no-grad",
    ),
    "copy_() writes nothing (EMA buffers)": (
        COPY_STOPS_WRITING,
        EMA,
        "ema-update-copies-buffers",
    ),
    "no_grad() stops turning recording off (Q target, the copy's side)": (
        NO_GRAD_RECORDS,
        Q_TARGET,
        "target-carries-no-graph",
    ),
    "Module.requires_grad_(False) stops reaching the parameters (target network)": (
        MODULE_REQUIRES_GRAD_NO_OP,
        EMA,
        "ema-copy-stays-frozen",
    ),
    "no_grad() stops turning recording off (Q target)": (
        NO_GRAD_RECORDS,
        Q_TARGET,
        "q-target-is-constant",
    ),
    "a parameter that got no gradient reads a zero .grad (Q target)": (
        leaf_grad_reads_zeros(True),
        Q_TARGET,
        "q-loss-reaches-only-q-net",
    ),
    "round() gets a straight-through gradient of its own": (
        """
        import torch
        _round = torch.round
        torch.round = lambda input: input + (_round(input) - input).detach()
        """,
        STE,
        "round-gradient-is-zero",
    ),
    "detach() stays in the graph (straight-through)": (
        DETACH_STAYS_IN_GRAPH,
        STE,
        "ste-gradient-passes-straight",
    ),
    "detach() stays in the graph (running loss)": (
        DETACH_STAYS_IN_GRAPH,
        LOG,
        "detached-running-loss-no-graph",
    ),
    "Tensor.item() returns a 0-d tensor": (
        """
        import torch
        torch.Tensor.item = lambda self: self.detach().clone()
        """,
        LOG,
        "item-returns-python-float",
    ),
    "numpy() detaches by itself": (
        """
        import torch
        _numpy = torch.Tensor.numpy
        torch.Tensor.numpy = lambda self, force=False: _numpy(self, force=True)
        """,
        NUMPY,
        "numpy-refuses-requires-grad",
    ),
    "detach() stays in the graph (numpy)": (
        DETACH_STAYS_IN_GRAPH,
        NUMPY,
        "detach-then-numpy-works",
        IN_RECIPE,  # the recipe calls .numpy() on the detached tensor, which now refuses
    ),
    "numpy(force=True) keeps the graph": (
        """
        import torch
        _numpy = torch.Tensor.numpy
        def numpy(self, *, force=False):
            return _numpy(self.cpu().resolve_conj().resolve_neg() if force else self)
        torch.Tensor.numpy = numpy
        """,
        NUMPY,
        "numpy-force-detaches",
        IN_RECIPE,  # the recipe prints numpy(force=True), which now raises
    ),
}

# Claims no plausible release change breaks at their own assert (gradsite/claims.py shows
# the reason on the claims page instead of "no drift case"; the build fails if a case is
# added for one, or the claim goes).
NO_DRIFT = {
    "times-two-keeps-only-the-number": (
        "a release whose x * 2 saved x would hand that tensor to the saved-tensor hooks and fail "
        "times-two-saves-nothing, the assert before it; the number it keeps is read through "
        "private attributes, as retention's count_saved_tensors.py reads them"
    ),
    "ste-forward-value-is-quantized": (
        "x + (q - x).detach() equals q by float arithmetic on values detach() keeps; the "
        "release changes (round's gradient, detach() keeping the graph) fail the other two "
        "asserts of the example first"
    ),
    "detached-running-loss-same-value": (
        "adding detached values and dividing is float arithmetic; detach() keeping the graph "
        "or item() changing fail the two asserts before it"
    ),
    "ema-update-moves-one-percent": (
        "t.lerp_(p, 0.01) is t + 0.01 * (p - t), torch.lerp's documented formula, float "
        "arithmetic that the assert compares with allclose; the grad behaviours around it "
        "(no_grad(), requires_grad_(False)) have their own asserts and cases"
    ),
    "summed-loss-tensor-holds-graphs": (
        "a sum of tensors that require grad keeps the graphs behind them by what autograd is; "
        "a patch that drops them changes autograd for every example"
    ),
}
