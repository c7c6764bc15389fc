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
    "a .to() that changes nothing starts copying": (
        """
        import torch
        _to = torch.Tensor.to
        torch.Tensor.to = lambda self, *args, **kwargs: _to(self, *args, **kwargs).clone()
        """,
        "snippets/retention/conversion_makes_non_leaf.py",
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
        "snippets/retention/inplace_on_leaf.py",
    ),
    "backward() on a vector sums it implicitly": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, *args, **kwargs):
            if gradient is None and self.numel() > 1:
                gradient = torch.ones_like(self)
            return _backward(self, gradient, *args, **kwargs)
        torch.Tensor.backward = backward
        """,
        "snippets/retention/non_scalar_backward.py",
    ),
    "backward(inputs=...) fills every leaf": (
        """
        import torch
        _backward = torch.Tensor.backward
        def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
            return _backward(self, gradient, retain_graph, create_graph)
        torch.Tensor.backward = backward
        """,
        "snippets/retention/retain_graph_two_losses.py",
    ),
    "a tensor hook can no longer replace the gradient": (
        """
        import torch
        _register_hook = torch.Tensor.register_hook
        def register_hook(self, hook):
            return _register_hook(self, lambda grad: (hook(grad), None)[1])  # result ignored
        torch.Tensor.register_hook = register_hook
        """,
        "snippets/retention/tensor_hooks.py",
    ),
    "create_graph=True stops building a graph of the gradient": (
        """
        import torch
        _grad = torch.autograd.grad
        def grad(outputs, inputs, *args, **kwargs):
            kwargs["create_graph"] = False
            return _grad(outputs, inputs, *args, **kwargs)
        torch.autograd.grad = grad
        """,
        "snippets/retention/higher_order_gradients.py",
    ),
    "retain_grad becomes a no-op (recipe)": (
        "import torch; torch.Tensor.retain_grad = lambda self: None",
        "snippets/retention/keep_an_intermediate_grad.py",
    ),
}

DRIFT["a tensor hook can no longer replace the gradient (recipe)"] = (
    DRIFT["a tensor hook can no longer replace the gradient"][0],
    "snippets/retention/hook_on_a_gradient.py",
)


@pytest.mark.parametrize("case", DRIFT, ids=drift_ids(DRIFT))
def test_drift_fails_the_runner(case):
    patch, example = DRIFT[case]
    assert_runner_fails(patch, example)


def test_examples_pass_without_drift():
    """Unpatched, the runner passes every example a case names: the failures above come from the patches."""
    for example in sorted({example for _, example in DRIFT.values()}):
        [(failed, log)] = run_in_runner(example, languages=("zh",)).values()
        assert not failed, log
