import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
ema = torch.nn.Linear(3, 1)  # an exponential moving average of model's weights

# Initialize: copy values into parameters without recording the copy.
with torch.no_grad():
    ema.weight.copy_(model.weight)
    ema.bias.copy_(model.bias)
    model.weight.fill_(0.5)
print(
    "after the copies: ema.weight is_leaf =",
    ema.weight.is_leaf,
    " grad_fn =",
    ema.weight.grad_fn,
)
assert (
    ema.weight.is_leaf
    and ema.weight.grad_fn is None
    and ema.weight.requires_grad
)

# The same writes without no_grad() are refused:
# the parameters are leaves that require grad.
try:
    ema.weight.copy_(model.weight)
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    assert (
        "a leaf Variable that requires grad is being used in an in-place"
        in str(error)
    )
else:
    raise AssertionError(
        "copy_ into a parameter outside no_grad() should have raised"
    )

# An EMA update after each optimizer step, the same way.
before = ema.weight.detach().clone()
with torch.no_grad():
    for averaged, current in zip(ema.parameters(), model.parameters()):
        averaged.mul_(0.9).add_(current, alpha=0.1)
expected = 0.9 * before + 0.1 * 0.5
print("EMA weight:", ema.weight.detach()[0], "| expected:", expected[0])
assert torch.allclose(ema.weight, expected) and ema.weight.grad_fn is None

# Unlike .data, no_grad() keeps the version counter: a write that would
# corrupt a
# pending backward is still caught (see the .data example above).
y = model.weight.sigmoid()
with torch.no_grad():
    y.zero_()
print("y._version after the write under no_grad():", y._version)
assert y._version == 1
