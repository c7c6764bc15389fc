import contextlib

import torch

model = torch.nn.Linear(2, 1)
x = torch.ones(1, 2)


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
    table[name] += (out.is_inference(),)
    row = table[name]
    print(f"{name:27} {row[0]!s:10} {row[1]!s:14} {row[2]}")

# --- checks ---

# claim: grad-modes-inference-tensor
assert table["inference_mode()"][2]
with torch.inference_mode():
    inference_out = model(x)
w = torch.ones(1, requires_grad=True)
(w + inference_out).sum().backward()  # an addition saves neither input
# claim: grad-modes-inference-tensor
assert torch.equal(w.grad, torch.ones(1))
try:
    (w * inference_out).sum().backward()  # w's gradient needs it saved
except RuntimeError as caught:
    error = caught
# claim: grad-modes-inference-tensor
assert "Inference tensors cannot be saved for backward" in str(error)
# claim: grad-modes-no-grad-off
assert table["no_grad()"][:2] == (False, False)
# claim: grad-modes-inference-off
assert table["inference_mode()"][:2] == (False, False)
# claim: grad-modes-set-grad-enabled-false
assert table["set_grad_enabled(False)"][:2] == (False, False)
# claim: grad-modes-enable-grad-wins
assert table["enable_grad() in no_grad()"][:2] == (True, True)
# claim: grad-modes-eval-untouched
assert table["model.eval()"][:2] == (True, True)
