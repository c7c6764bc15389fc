import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)

# An in-place write outside no_grad() is refused.
try:
    model.weight.fill_(0.5)
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# A write under no_grad() between a forward and its backward is still
# caught, if that forward saved the parameter (pow does).
penalty = model.weight.pow(2).sum()
with torch.no_grad():
    model.weight.fill_(1.0)
try:
    penalty.backward()
except RuntimeError as error:
    print(f"RuntimeError: {str(error).split(' Hint:')[0]}")

# --- checks ---

try:
    model.weight.fill_(0.5)
except RuntimeError as caught:
    error = caught
# claim: write-outside-no-grad-refused
assert "leaf Variable that requires grad is being used in an in-place" in str(
    error
)
try:
    penalty.backward()
except RuntimeError as caught:
    error = caught
# claim: no-grad-write-still-caught
assert "modified by an inplace operation" in str(error)
