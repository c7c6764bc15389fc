import warnings

import torch

# float32, on the CPU.
a = torch.ones(3, requires_grad=True)

# A conversion that really converts is a recorded operation: a non-leaf.
converted = a.double()
print(
    "a.double():   is_leaf =",
    converted.is_leaf,
    " grad_fn =",
    type(converted.grad_fn).__name__,
)
# So is a real device move (the meta device stands in for a GPU here).
moved = a.to("meta")
print(
    "a.to('meta'): is_leaf =",
    moved.is_leaf,
    " grad_fn =",
    type(moved.grad_fn).__name__,
)

# The gradient goes through the converted tensor to a.
(converted * converted).sum().backward()
with warnings.catch_warnings():
    # Reading a non-leaf's .grad warns (see the section above).
    warnings.simplefilter("ignore")
    print("converted.grad =", converted.grad, "| a.grad =", a.grad)

# A .to() that changes nothing returns the tensor itself: still the leaf.
print(
    "a.to('cpu') is a:",
    a.to("cpu") is a,
    "| a.to(torch.float32) is a:",
    a.to(torch.float32) is a,
)

# Create the tensor with the dtype (and device) it needs: then it is the leaf.
created = torch.ones(3, dtype=torch.float64, requires_grad=True)
(created * created).sum().backward()
print("created as float64: grad =", created.grad)

# model.to() keeps the same Parameter objects and converts their data:
# they stay leaves and get .grad.
model = torch.nn.Linear(3, 1)
weight = model.weight
model.to(torch.float64)
model(torch.ones(2, 3, dtype=torch.float64)).sum().backward()
print(
    "model.to(torch.float64): the same weight:",
    model.weight is weight,
    "| is_leaf =",
    weight.is_leaf,
    "| grad dtype =",
    weight.grad.dtype,
)

# A view of a parameter is not a leaf, but the gradient lands on the parameter.
p = torch.nn.Parameter(torch.ones(2, 2))
flat = p.view(-1)
(flat * 3).sum().backward()
print("flat.is_leaf =", flat.is_leaf, " p.grad =", p.grad.tolist())

# --- checks ---

# claim: real-conversion-is-non-leaf
assert not converted.is_leaf
# claim: real-conversion-is-non-leaf
assert type(converted.grad_fn).__name__ == "ToCopyBackward0"
# The same operation, spelled with .to().
# claim: real-conversion-is-non-leaf
assert not a.to(torch.float64).is_leaf
# claim: device-move-is-non-leaf
assert not moved.is_leaf and type(moved.grad_fn).__name__ == "ToCopyBackward0"
# claim: conversion-grad-reaches-original
assert a.grad.tolist() == [2.0, 2.0, 2.0]
# claim: no-op-to-returns-self summary-no-op-to-returns-self
assert a.to("cpu") is a and a.to(torch.float32) is a and a.float() is a
assert created.is_leaf and created.grad.tolist() == [2.0, 2.0, 2.0]
# claim: model-to-keeps-parameters-leaves
assert model.weight is weight and weight.is_leaf
# claim: model-to-keeps-parameters-leaves
assert weight.grad.dtype == torch.float64
# claim: view-of-parameter-is-non-leaf
assert not flat.is_leaf and p.grad.tolist() == [[3.0, 3.0], [3.0, 3.0]]
