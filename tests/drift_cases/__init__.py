"""Drift cases as data, one module per chapter (tests/test_drift.py runs them).

Each module's DRIFT maps a case name (what changed) to (patch, snippet, claim id): the
Python that monkeypatches torch as a release might, the example that must then fail the
build's runner, and the claim whose assert must catch it. See CONTRIBUTING.md ("Adding a
drift case"). The patches several modules use are here.

A fourth item, IN_RECIPE, says the change stops the example's recipe (the code a reader
copies, above `# --- checks ---`) before its checks run: the recipe shows the claimed value,
and reading it now raises or warns. The case must then fail at a line of the recipe.
"""

IN_RECIPE = "fails in the recipe"

# Tensor.backward() warns no more (backward(create_graph=True)'s reference-cycle warning).
BACKWARD_STOPS_WARNING = """
    import warnings, torch
    _backward = torch.Tensor.backward
    def backward(self, *args, **kwargs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _backward(self, *args, **kwargs)
    torch.Tensor.backward = backward
    """
# torch.compile gives the function back as it is: every compiled example runs eagerly.
COMPILE_IS_EAGER = """
    import torch
    def compile(model=None, **kwargs):
        return model if model is not None else (lambda function: function)
    torch.compile = compile
    """


def reworded(target: str, old: str, new: str = "(reworded)") -> str:
    """A patch after which `target` (a dotted name) raises its errors with `old` reworded as
    `new`, as releases reword messages (the second-backward message gained a clause in 1.9)."""
    owner, _, name = target.rpartition(".")
    return f"""
        import torch, torch.nn.functional
        _original = {target}
        def reworded(*args, **kwargs):
            try:
                return _original(*args, **kwargs)
            except Exception as error:
                if {old!r} not in str(error):
                    raise
                raise type(error)(str(error).replace({old!r}, {new!r})) from None
        {owner}.{name} = reworded
        """


# Reading a non-leaf tensor's .grad no longer warns.
NON_LEAF_GRAD_QUIET = """
    import warnings, torch
    _grad = torch.Tensor.grad
    def quiet_grad(self):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _grad.__get__(self)
    torch.Tensor.grad = property(quiet_grad, _grad.__set__, _grad.__delete__)
    """


# A non-leaf tensor's .grad reads as zeros instead of None.
NON_LEAF_GRAD_ZEROS = """
    import torch
    _grad = torch.Tensor.grad
    def grad(self):
        value = _grad.__get__(self)
        return torch.zeros_like(self) if value is None and not self.is_leaf else value
    torch.Tensor.grad = property(grad, _grad.__set__, _grad.__delete__)
    """

# .double() gives a new leaf instead of a copy recorded in the graph.
CONVERSION_MAKES_LEAF = """
    import torch
    _double = torch.Tensor.double
    torch.Tensor.double = lambda self: _double(self.detach()).requires_grad_(self.requires_grad)
    """


def leaf_grad_reads_zeros(requires_grad: bool) -> str:
    """A patch after which a leaf whose requires_grad is `requires_grad` and that has no
    gradient reads a zero .grad instead of None."""
    flag = "self.requires_grad" if requires_grad else "not self.requires_grad"
    return f"""
    import torch
    _grad = torch.Tensor.grad
    def grad(self):
        value = _grad.__get__(self)
        if value is None and self.is_leaf and {flag}:
            return torch.zeros_like(self)
        return value
    torch.Tensor.grad = property(grad, _grad.__set__, _grad.__delete__)
    """


# no_grad() stops switching recording off, in the example's own `with torch.no_grad():`;
# torch's code (parameter initialization) keeps the real one.
NO_GRAD_RECORDS = """
    import sys, torch
    class no_grad(torch.no_grad):
        def __enter__(self):
            if sys._getframe(1).f_globals.get("__name__", "").startswith("torch"):
                return super().__enter__()
            self.prev = torch.is_grad_enabled()
    torch.no_grad = no_grad
    """

# zero_grad() defaults to set_to_none=False again (zeros, as before 2.0): the optimizer's, the
# module's.
OPTIMIZER_DEFAULTS_TO_ZEROS = """
    import torch
    _zero_grad = torch.optim.Optimizer.zero_grad
    def zero_grad(self, set_to_none=False):
        return _zero_grad(self, set_to_none)
    torch.optim.Optimizer.zero_grad = zero_grad
    """
MODULE_DEFAULTS_TO_ZEROS = """
    import torch
    _zero_grad = torch.nn.Module.zero_grad
    def zero_grad(self, set_to_none=False):
        return _zero_grad(self, set_to_none)
    torch.nn.Module.zero_grad = zero_grad
    """
# nn.MSELoss() sums by default instead of averaging.
MSE_LOSS_SUMS = """
    import torch
    _init = torch.nn.MSELoss.__init__
    def __init__(self, size_average=None, reduce=None, reduction="sum"):
        _init(self, size_average, reduce, reduction)
    torch.nn.MSELoss.__init__ = __init__
    """
