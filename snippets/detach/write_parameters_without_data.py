import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
other = torch.nn.Linear(3, 1)

# Initialize or tie values: writes under no_grad() are not recorded.
with torch.no_grad():
    model.weight.fill_(0.5)
    other.bias.copy_(model.bias)
print(
    "after the writes: is_leaf =",
    model.weight.is_leaf,
    " grad_fn =",
    model.weight.grad_fn,
    " requires_grad =",
    model.weight.requires_grad,
)
# claim: no-grad-writes-keep-leaf
assert model.weight.is_leaf and model.weight.grad_fn is None
# claim: no-grad-writes-keep-leaf
assert model.weight.requires_grad and torch.equal(other.bias, model.bias)

# The same write outside no_grad() is refused.
error = None
try:
    model.weight.fill_(0.5)
except RuntimeError as caught:
    error = caught
    print(f"RuntimeError: {error}")
# claim: write-outside-no-grad-refused
assert isinstance(error, RuntimeError)
assert "leaf Variable that requires grad is being used in an in-place" in str(
    error
)

# A write under no_grad() between a forward and its backward is still
# caught, if that forward saved the parameter (pow does).
penalty = model.weight.pow(2).sum()
with torch.no_grad():
    model.weight.fill_(1.0)
error = None
try:
    penalty.backward()
except RuntimeError as caught:
    error = caught
    print(f"RuntimeError: {str(error).split(' Hint:')[0]}")
# claim: no-grad-write-still-caught
assert isinstance(error, RuntimeError)
assert "modified by an inplace operation" in str(error)
