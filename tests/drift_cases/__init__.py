"""Drift cases as data, one module per chapter (tests/test_drift.py runs them).

Each module's DRIFT maps a case name (what changed) to (patch, snippet, claim id): the
Python that monkeypatches torch as a release might, the example that must then fail the
build's runner, and the claim whose assert must catch it. See CONTRIBUTING.md ("Adding a
drift case"). The patches several modules use are here.
"""


def reworded(target: str, old: str, new: str = "(reworded)") -> str:
    """A patch after which `target` (a dotted name) raises its errors with `old` reworded as
    `new`, as releases reword messages (the second-backward message gained a clause around 1.9)."""
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
