"""Simulated PyTorch changes to what the troubleshooting page teaches (its checklists).

Each case monkeypatches torch, as a new PyTorch release might behave, and must stop the
build's runner at the assert of the claim it names (CONTRIBUTING.md, "Adding a drift case").
"""

from __future__ import annotations

DRIFT = {
    "Module.zero_grad defaults to zeros again (checklist)": (
        """
        import torch
        _zero_grad = torch.nn.Module.zero_grad
        torch.nn.Module.zero_grad = lambda self, set_to_none=False: _zero_grad(self, set_to_none)
        """,
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
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
            return _backward(self, gradient, True, create_graph, inputs)
        torch.Tensor.backward = backward
        """,
        "snippets/troubleshooting/memory_grows.py",
        "retain-graph-keeps-saved-tensors",
    ),
    "BatchNorm normalizes with its running statistics in training mode": (
        """
        import torch
        _forward = torch.nn.BatchNorm1d.forward
        def forward(self, x):
            return torch.nn.functional.batch_norm(
                x, self.running_mean, self.running_var, self.weight, self.bias, False, 0.0, self.eps
            )
        torch.nn.BatchNorm1d.forward = forward
        """,
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
        """
        import torch
        _init = torch.nn.MSELoss.__init__
        def __init__(self, size_average=None, reduce=None, reduction="sum"):
            _init(self, size_average, reduce, reduction)
        torch.nn.MSELoss.__init__ = __init__
        """,
        "snippets/troubleshooting/grads_differ_from_big_batch.py",
        "unequal-sizes-divide-by-count",
    ),
}
