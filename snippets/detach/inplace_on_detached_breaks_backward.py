import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
y = x.sigmoid()
# _version is private (the version counter); read here only to show it move.
print("y._version =", y._version)
y.detach().zero_()
print("y._version =", y._version, " y =", y)

try:
    y.sum().backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

# claim: inplace-bumps-shared-version
assert y._version == 1
try:
    y.sum().backward()
except RuntimeError as caught:
    error = caught
# claim: backward-checks-saved-version
# claim: zeroing-detached-output-fails-backward
assert "modified by an inplace operation" in str(error)
# claim: backward-checks-saved-version summary-inplace-through-detach-raises
assert "is at version 1; expected version 0" in str(error)
# claim: version-error-describes-tensor
assert "[torch.FloatTensor [2]], which is output 0 of Sigmoid" in str(error)
