"""Simulated PyTorch changes to what the detach chapter teaches.

Each case monkeypatches torch, as a new PyTorch release
might behave (or as the source article claims it does), and checks that the
example teaching the current behaviour fails the build's runner, naming it (in a forked child). See
CONTRIBUTING.md.
"""

from __future__ import annotations

import pytest

from sitebuild import assert_runner_fails, drift_ids, run_in_runner

DRIFT = {
    "detach() returns a copy with its own storage": (
        """
        import torch
        _detach = torch.Tensor.detach
        torch.Tensor.detach = lambda self: _detach(self).clone()
        """,
        "snippets/detach/detach_shares_storage.py",
    ),
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
        "snippets/detach/detached_tensor_gets_grad.py",
    ),
    "detach() stops sharing the version counter (behaves like .data)": (
        """
        import torch
        torch.Tensor.detach = lambda self: torch._C.TensorBase.data.__get__(self)
        """,
        "snippets/detach/inplace_on_detached_breaks_backward.py",
    ),
    ".data starts sharing the version counter (behaves like detach())": (
        """
        import torch
        _data = torch._C.TensorBase.data
        torch.Tensor.data = property(lambda self: torch.Tensor.detach(self), _data.__set__)
        """,
        "snippets/detach/data_gives_wrong_gradient.py",
    ),
    "inference_mode tensors become savable (inference_mode acts like no_grad)": (
        """
        import torch
        class inference_mode(torch.no_grad):
            def __init__(self, mode=True):
                super().__init__()
        torch.inference_mode = inference_mode
        """,
        "snippets/detach/no_grad_vs_inference_mode.py",
    ),
    "model.eval() also turns gradients off": (
        """
        import torch
        _eval = torch.nn.Module.eval
        def eval(self):
            self.requires_grad_(False)
            return _eval(self)
        torch.nn.Module.eval = eval
        """,
        "snippets/detach/eval_is_not_no_grad.py",
    ),
    "torch.tensor(t) stops warning": (
        """
        import torch
        _tensor = torch.tensor
        def tensor(data, *args, **kwargs):
            if isinstance(data, torch.Tensor):
                return data.detach().clone()
            return _tensor(data, *args, **kwargs)
        torch.tensor = tensor
        """,
        "snippets/detach/clone_and_detach.py",
    ),
    "detect_anomaly() stops naming the forward line": (
        """
        import contextlib, torch
        torch.autograd.detect_anomaly = lambda *args, **kwargs: contextlib.nullcontext()
        """,
        "snippets/detach/detect_anomaly.py",
    ),
    "writes under no_grad() stop moving the version counter": (
        """
        import torch
        _zero_ = torch.Tensor.zero_
        def zero_(self):
            if torch.is_grad_enabled():
                return _zero_(self)
            _zero_(self.data)
            return self
        torch.Tensor.zero_ = zero_
        """,
        "snippets/detach/write_parameters_without_data.py",
    ),
    "Module.requires_grad_(False) stops reaching the parameters (freezing)": (
        """
        import torch
        torch.nn.Module.requires_grad_ = lambda self, requires_grad=True: self
        """,
        "snippets/detach/freeze_part_of_model.py",
    ),
    "Module.requires_grad_(False) stops reaching the parameters (target network)": (
        """
        import torch
        torch.nn.Module.requires_grad_ = lambda self, requires_grad=True: self
        """,
        "snippets/detach/ema_target_network.py",
    ),
    "Tensor.item() returns a 0-d tensor": (
        """
        import torch
        torch.Tensor.item = lambda self: self.detach().clone()
        """,
        "snippets/detach/log_loss_item.py",
    ),
}

DRIFT["inference_mode tensors become savable (recipe)"] = (
    DRIFT["inference_mode tensors become savable (inference_mode acts like no_grad)"][0],
    "snippets/detach/evaluate_without_a_graph.py",
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
