"""Simulated PyTorch changes to what the zeroing chapter teaches.

Each case monkeypatches torch, as a new PyTorch release
might behave (or as PyTorch 1.x did), and checks that the example teaching the
current behaviour fails the build's runner, naming it (in a forked child). See CONTRIBUTING.md.
"""

from __future__ import annotations

from drift_cases.retention import DRIFT as RETENTION_DRIFT

DRIFT = {
    "Optimizer.zero_grad defaults to set_to_none=False again": (
        """
        import torch
        _zero_grad = torch.optim.Optimizer.zero_grad
        def zero_grad(self, set_to_none=False):
            return _zero_grad(self, set_to_none)
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        "snippets/zeroing/zero_grad_sets_none.py",
    ),
    "Module.zero_grad defaults to set_to_none=False again": (
        """
        import torch
        _zero_grad = torch.nn.Module.zero_grad
        def zero_grad(self, set_to_none=False):
            return _zero_grad(self, set_to_none)
        torch.nn.Module.zero_grad = zero_grad
        """,
        "snippets/zeroing/zero_grad_sets_none.py",
    ),
    "optimizers step parameters whose .grad is None as if it were zeros": (
        """
        import torch
        _step = torch.optim.AdamW.step
        def step(self, closure=None):
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is None:
                        p.grad = torch.zeros_like(p)
            return _step(self, closure)
        torch.optim.AdamW.step = step
        """,
        "snippets/zeroing/optimizers_skip_none.py",
    ),
    "optimizer.zero_grad() also clears parameters it does not hold": (
        """
        import torch
        def zero_grad(self, set_to_none=True):
            import gc
            for obj in gc.get_objects():
                if isinstance(obj, torch.nn.Parameter) and obj.grad is not None:
                    obj.grad = None if set_to_none else obj.grad.zero_()
        torch.optim.Optimizer.zero_grad = zero_grad
        """,
        "snippets/zeroing/partial_optimizer_keeps_growing.py",
    ),
    "plain SGD starts decaying weights by default": (
        """
        import torch
        _init = torch.optim.SGD.__init__
        def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=1e-2, *args, **kwargs):
            _init(self, params, lr, momentum, dampening, weight_decay, *args, **kwargs)
        torch.optim.SGD.__init__ = __init__
        """,
        "snippets/zeroing/optimizers_skip_none.py",
    ),
    "a second backward overwrites .grad instead of adding": (
        RETENTION_DRIFT["backward overwrites .grad instead of adding to it"][0],
        "snippets/zeroing/shared_weight_gets_sum.py",
    ),
    "Module.zero_grad defaults to zeros again (checklist)": (
        """
        import torch
        _zero_grad = torch.nn.Module.zero_grad
        torch.nn.Module.zero_grad = lambda self, set_to_none=False: _zero_grad(self, set_to_none)
        """,
        "snippets/zeroing/why_grad_is_none.py",
    ),
}
