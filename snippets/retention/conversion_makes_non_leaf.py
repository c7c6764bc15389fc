import warnings

import torch

# float32, on the CPU.
a = torch.ones(3, requires_grad=True)

# A conversion that really converts is a recorded operation:
# the result is a non-leaf.
w = a.double()
print(
    "a.double():       is_leaf =",
    w.is_leaf,
    " grad_fn =",
    type(w.grad_fn).__name__,
)
# claim: real-conversion-is-non-leaf
assert not w.is_leaf and type(w.grad_fn).__name__ == "ToCopyBackward0"
# The same operation, spelled with .to().
# claim: real-conversion-is-non-leaf
assert not a.to(torch.float64).is_leaf
# A real device move (the meta device stands in for a GPU here).
moved = a.to("meta")
print(
    "a.to('meta'):     is_leaf =",
    moved.is_leaf,
    " grad_fn =",
    type(moved.grad_fn).__name__,
)
# claim: device-move-is-non-leaf
assert not moved.is_leaf and type(moved.grad_fn).__name__ == "ToCopyBackward0"

(w * w).sum().backward()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    grad_of_w = w.grad
# The gradient went through w to a.
print("w.grad =", grad_of_w, "| a.grad =", a.grad)
assert grad_of_w is None and caught[0].category is UserWarning
# claim: conversion-grad-reaches-original
assert a.grad.tolist() == [2.0, 2.0, 2.0]

# A .to() that changes nothing returns the tensor itself: still the same leaf.
print(
    "a.to('cpu') is a:",
    a.to("cpu") is a,
    "| a.to(torch.float32) is a:",
    a.to(torch.float32) is a,
)
# claim: no-op-to-returns-self summary-no-op-to-returns-self
assert a.to("cpu") is a and a.to(torch.float32) is a and a.float() is a

# Create the tensor with the dtype (and device) it needs: then it is the leaf.
w = torch.ones(3, dtype=torch.float64, requires_grad=True)
(w * w).sum().backward()
print("created as float64: w.grad =", w.grad)
assert w.is_leaf and w.grad.tolist() == [2.0, 2.0, 2.0]

# model.to() converts the parameters in place: they stay leaves and get .grad.
model = torch.nn.Linear(3, 1).to(torch.float64)
model(torch.ones(2, 3, dtype=torch.float64)).sum().backward()
print(
    "model.to(torch.float64): weight is_leaf =",
    model.weight.is_leaf,
    " grad dtype =",
    model.weight.grad.dtype,
)
# claim: model-to-keeps-parameters-leaves
assert model.weight.is_leaf and model.weight.grad.dtype == torch.float64

# A view of a parameter: not a leaf, but the gradient lands on the parameter.
p = torch.nn.Parameter(torch.ones(2, 2))
flat = p.view(-1)
(flat * 3).sum().backward()
print("flat.is_leaf =", flat.is_leaf, " p.grad =", p.grad.tolist())
# claim: view-of-parameter-is-non-leaf
assert not flat.is_leaf and p.grad.tolist() == [[3.0, 3.0], [3.0, 3.0]]
