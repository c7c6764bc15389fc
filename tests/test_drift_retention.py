"""Simulated PyTorch changes to what the retention chapter teaches.

Each case monkeypatches torch, as a new PyTorch release
might behave, and checks that the example that teaches the old behaviour stops
the build's runner, naming it, in both languages (in a forked child). See CONTRIBUTING.md ("Adding a drift case") to add one.
"""

from __future__ import annotations

import pytest

from sitebuild import assert_runner_fails, drift_ids, run_in_runner

DRIFT = {
    "a tensor that needs no grad stops counting as a leaf": (
        """
        import torch
        _is_leaf = torch.Tensor.is_leaf
        torch.Tensor.is_leaf = property(lambda self: _is_leaf.__get__(self) and self.requires_grad)
        """,
        "snippets/retention/leaf_and_non_leaf.py",
    ),
    "backward overwrites .grad instead of adding to it": (
        """
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
        """,
        "snippets/retention/retain_graph_accumulates.py",
    ),
    "retain_grad becomes a no-op": (
        "import torch; torch.Tensor.retain_grad = lambda self: None",
        "snippets/retention/retain_grad.py",
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
        "snippets/retention/non_leaf_grad_warning.py",
    ),
    "graphs are kept after backward": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
            return _backward(self, gradient, True, create_graph, inputs)
        torch.Tensor.backward = backward
        """,
        "snippets/retention/backward_twice_error.py",
    ),
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
        "snippets/retention/autograd_grad.py",
    ),
}


@pytest.mark.parametrize("case", DRIFT, ids=drift_ids(DRIFT))
def test_drift_fails_the_runner(case):
    patch, example = DRIFT[case]
    assert_runner_fails(patch, example)


def test_examples_pass_without_drift():
    """Unpatched, the runner passes every example a case names: the failures above come from the patches."""
    for example in sorted({example for _, example in DRIFT.values()}):
        [(failed, log)] = run_in_runner(example, languages=("zh",)).values()
        assert not failed, log
