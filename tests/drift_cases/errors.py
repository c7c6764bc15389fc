"""Simulated PyTorch changes to the error-message index: a message reworded, a warning
dropped, a behaviour an entry's cause line states. The headings follow the messages by
themselves (gradsite/errorindex.py); these cases prove that the asserts under them stop
the build, so an author rereads the entry. See CONTRIBUTING.md ("Adding a drift case").
"""

from __future__ import annotations


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


DRIFT = {
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
        """
        import warnings, torch
        _grad = torch.Tensor.grad
        def quiet_grad(self):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return _grad.__get__(self)
        torch.Tensor.grad = property(quiet_grad, _grad.__set__, _grad.__delete__)
        """,
        "snippets/errors/non_leaf_grad_warning.py",
        "error-non-leaf-grad-warns",
    ),
    "lr_scheduler.step() before optimizer.step() stops warning": (
        _quiet("torch.optim.lr_scheduler.LRScheduler.step"),
        "snippets/errors/scheduler_before_optimizer.py",
        "error-scheduler-before-optimizer-warns",
    ),
    "checkpoint() without use_reentrant stops warning": (
        _quiet("torch.utils.checkpoint.checkpoint"),
        "snippets/errors/checkpoint_use_reentrant.py",
        "error-checkpoint-use-reentrant-warns",
    ),
    "torch.tensor(tensor) stops warning": (
        _quiet("torch.tensor"),
        "snippets/errors/tensor_copy_construct.py",
        "error-tensor-of-tensor-warns",
    ),
}
