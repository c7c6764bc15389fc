import torch

torch.manual_seed(0)
linear = torch.nn.Linear(3, 3)
x = torch.randn(4, 3)


def backward_error(loss):
    """Run backward; print and return its RuntimeError's message, or None."""
    try:
        loss.backward()
    except RuntimeError as error:
        message = str(error).split(" Hint:")[0]
        print(f"RuntimeError: {message}")
        return message
    print("backward ran")
    return None


# 1. ReLU(inplace=True) right after a layer that saved its output.
model = torch.nn.Sequential(linear, torch.nn.Sigmoid(), torch.nn.ReLU(True))
error = backward_error(model(x).sum())
# claim: inplace-relu-after-saved-output-raises version-error-names-saving-op
assert "modified by an inplace operation" in error and "of Sigmoid" in error
# Fix: an out-of-place ReLU.
model[2] = torch.nn.ReLU()
# claim: out-of-place-relu-fixes
assert backward_error(model(x).sum()) is None

# 2. += on an activation that tanh saved.
h = linear(x).tanh()
h += 1
error = backward_error(h.sum())
# claim: plus-equals-on-activation-raises
assert "modified by an inplace operation" in error and "of Tanh" in error
# Fix: h = h + 1 makes a new tensor.
h = linear(x).tanh()
h = h + 1
# claim: out-of-place-add-fixes
assert backward_error(h.sum()) is None

# 3. Index assignment into an output that exp saved.
h = linear(x).exp()
h[:, 0] = 0
error = backward_error(h.sum())
# claim: index-assignment-raises
assert "modified by an inplace operation" in error and "of Exp" in error
# Fix: write into a clone; the saved output stays intact.
h = linear(x).exp().clone()
h[:, 0] = 0
# claim: clone-before-index-assignment-fixes
assert backward_error(h.sum()) is None
