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


# += on an activation that tanh saved.
h = linear(x).tanh()
h += 1
plus_equals = backward_error(h.sum())
# Fix: h = h + 1 makes a new tensor.
h = linear(x).tanh()
h = h + 1
plus = backward_error(h.sum())

# Index assignment into an output that exp saved.
h = linear(x).exp()
h[:, 0] = 0
assignment = backward_error(h.sum())
# Fix: write into a clone; the saved output stays intact.
h = linear(x).exp().clone()
h[:, 0] = 0
into_clone = backward_error(h.sum())

# --- checks ---

# claim: plus-equals-on-activation-raises version-error-names-saving-op
assert "modified by an inplace operation" in plus_equals
# claim: plus-equals-on-activation-raises version-error-names-saving-op
assert "of Tanh" in plus_equals
# claim: out-of-place-add-fixes
assert plus is None
# claim: index-assignment-raises version-error-names-saving-op
assert "modified by an inplace operation" in assignment
# claim: index-assignment-raises version-error-names-saving-op
assert "of Exp" in assignment
# claim: clone-before-index-assignment-fixes
assert into_clone is None
