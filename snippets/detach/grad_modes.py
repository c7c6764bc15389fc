import contextlib

import torch

model = torch.nn.Linear(2, 1)
x = torch.ones(1, 2)


# One switch for both phases: set_grad_enabled(flag).
def forward(train):
    with torch.set_grad_enabled(train):
        return model(x)


recorded = forward(True).requires_grad, forward(False).requires_grad
print("set_grad_enabled(True), (False):", *recorded)


@contextlib.contextmanager
def enable_grad_inside_no_grad():
    with torch.no_grad(), torch.enable_grad():
        yield


@contextlib.contextmanager
def eval_mode():
    model.eval()
    yield
    model.train()


modes = {
    "no_grad()": torch.no_grad,
    "inference_mode()": torch.inference_mode,
    "set_grad_enabled(False)": lambda: torch.set_grad_enabled(False),
    "enable_grad() in no_grad()": enable_grad_inside_no_grad,
    "model.eval()": eval_mode,
}
table = {}
print(f"{'inside':27} {'grad mode':10} {'requires_grad':14} is_inference")
for name, mode in modes.items():
    with mode():
        out = model(x)
        table[name] = torch.is_grad_enabled(), out.requires_grad
    row = (*table[name], out.is_inference())
    print(f"{name:27} {row[0]!s:10} {row[1]!s:14} {row[2]}")
    if name == "inference_mode()":
        # claim: grad-modes-inference-tensor
        assert out.is_inference()

# claim: grad-modes-no-grad-off
assert table["no_grad()"] == (False, False)
# claim: grad-modes-inference-off
assert table["inference_mode()"] == (False, False)
# claim: grad-modes-set-grad-enabled-false
assert table["set_grad_enabled(False)"] == (False, False)
# claim: set-grad-enabled-switches-recording
assert recorded == (True, False)
# claim: grad-modes-enable-grad-wins
assert table["enable_grad() in no_grad()"] == (True, True)
# claim: grad-modes-eval-untouched
assert table["model.eval()"] == (True, True)
