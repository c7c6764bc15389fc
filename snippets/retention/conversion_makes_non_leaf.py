import torch

a = torch.ones(3, requires_grad=True)  # float32, on the CPU
converted = a.double()  # a real conversion: a recorded operation
print("a.double(): is_leaf =", converted.is_leaf, type(converted.grad_fn))
print("a.to('meta'): is_leaf =", a.to("meta").is_leaf)  # meta stands for a GPU
print("a.to('cpu') is a:", a.to("cpu") is a)  # nothing to convert: a itself

(converted * converted).sum().backward()
print("a.grad =", a.grad)  # through the copy, to the leaf a

# Create the tensor with the dtype (and device) it needs: then it is the leaf.
created = torch.ones(3, dtype=torch.float64, requires_grad=True)
(created * created).sum().backward()
print("created as float64: is_leaf =", created.is_leaf, "| grad:", created.grad)

# --- checks ---

# claim: real-conversion-is-non-leaf
assert not converted.is_leaf
# claim: real-conversion-is-non-leaf
assert type(converted.grad_fn).__name__ == "ToCopyBackward0"
# The same operation, spelled with .to().
# claim: real-conversion-is-non-leaf
assert not a.to(torch.float64).is_leaf
# Half precision: the same recorded conversion.
# claim: real-conversion-is-non-leaf
assert (
    not a.half().is_leaf
    and type(a.half().grad_fn).__name__ == "ToCopyBackward0"
)
# A real move to another device: recorded, and its graph leads back to a.
moved = a.to("meta")
# claim: device-move-is-non-leaf
assert moved.device.type == "meta" and not moved.is_leaf
# claim: device-move-is-non-leaf
assert type(moved.grad_fn).__name__ == "ToCopyBackward0"
# claim: device-move-is-non-leaf
assert moved.grad_fn.next_functions[0][0].variable is a
# claim: conversion-grad-reaches-original
assert a.grad.tolist() == [2.0, 2.0, 2.0]
# claim: no-op-to-returns-self summary-no-op-to-returns-self
assert a.to("cpu") is a and a.to(torch.float32) is a and a.float() is a
assert created.is_leaf and created.grad.tolist() == [2.0, 2.0, 2.0]
