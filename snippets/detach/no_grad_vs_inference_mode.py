import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)

with torch.no_grad():
    a = w * 2
with torch.inference_mode():
    b = w * 2

print(
    "no_grad:        requires_grad =",
    a.requires_grad,
    " is_inference =",
    a.is_inference(),
)
print(
    "inference_mode: requires_grad =",
    b.requires_grad,
    " is_inference =",
    b.is_inference(),
)
assert not a.requires_grad and not b.requires_grad
assert not a.is_inference() and b.is_inference()

try:  # inference tensors skip autograd's bookkeeping, even the version counter
    b._version
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    assert "Inference tensors do not track version counter" in str(error)
else:
    raise AssertionError("an inference tensor should have no version counter")

# A no_grad result is an ordinary constant: later graphs may save it.
(w * a).sum().backward()
print("w.grad with the no_grad tensor =", w.grad)
assert torch.equal(w.grad, a)

# An inference tensor may not be saved for backward (w * b must save b).
try:
    (w * b).sum()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    assert "Inference tensors cannot be saved for backward" in str(error)
else:
    raise AssertionError(
        "saving an inference tensor for backward should have raised"
    )

# The way out: a clone made outside inference mode is a normal tensor.
c = b.clone()
print("b.clone(): is_inference =", c.is_inference())
assert not c.is_inference()
(w * c).sum().backward()
