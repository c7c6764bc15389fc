import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)

with torch.no_grad():
    a = w * 2
    # Not every tensor made in the block: factories and modules still
    # give tensors that require grad when asked to.
    made = torch.zeros(2, requires_grad=True)
    layer = torch.nn.Linear(2, 2)
with torch.inference_mode():
    b = w * 2

print(f"no_grad:        {a.requires_grad=}, {a.is_inference()=}")
print(f"inference_mode: {b.requires_grad=}, {b.is_inference()=}")
print("made in no_grad:", made.requires_grad, layer.weight.requires_grad)

# _version is private; an inference tensor does not even have one.
try:
    b._version
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# A no_grad result is an ordinary constant: later graphs may save it.
(w * a).sum().backward()
print("w.grad with the no_grad tensor =", w.grad)


# A function that returns an inference tensor hands its caller a trap.
def features(x):
    with torch.inference_mode():
        return x * 3


head = torch.nn.Linear(2, 1)
try:
    # Linear saves its input to compute the weight's gradient.
    head(features(torch.ones(1, 2)))
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# The way out: a clone made outside inference mode is a normal tensor.
c = features(torch.ones(1, 2)).clone()
print("clone(): is_inference =", c.is_inference())
head(c).sum().backward()

# --- checks ---

# claim: both-modes-record-no-operation
assert not a.requires_grad and not b.requires_grad
# claim: inference-tensor-is-inference
assert not a.is_inference() and b.is_inference()
# claim: no-grad-keeps-requested-requires-grad
assert made.requires_grad and layer.weight.requires_grad
try:
    b._version
except RuntimeError as caught:
    error = caught
# claim: inference-mode-drops-version-counter
assert "Inference tensors do not track version counter" in str(error)
# claim: no-grad-result-can-be-saved
assert torch.equal(w.grad, a)
try:
    head(features(torch.ones(1, 2)))
except RuntimeError as caught:
    error = caught
# claim: returned-inference-tensor-cannot-be-saved
assert "Inference tensors cannot be saved for backward" in str(error)
# claim: clone-of-inference-tensor-is-normal
assert not c.is_inference()
# claim: clone-of-inference-tensor-is-normal
assert head.weight.grad is not None
