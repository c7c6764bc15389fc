import torch

torch.manual_seed(0)
x = torch.randn(4, 3)
model = torch.nn.Sequential(
    torch.nn.Linear(3, 3), torch.nn.Sigmoid(), torch.nn.ReLU(inplace=True)
)
try:
    model(x).sum().backward()
except RuntimeError as error:
    print(f"RuntimeError: {str(error).split(' Hint:')[0]}")

# The fix: an out-of-place ReLU leaves the output Sigmoid saved intact.
model[2] = torch.nn.ReLU()
model(x).sum().backward()
print("backward ran")

# --- checks ---

model[2] = torch.nn.ReLU(inplace=True)
try:
    model(x).sum().backward()
except RuntimeError as caught:
    error = caught
# claim: inplace-relu-after-saved-output-raises version-error-names-saving-op
assert "modified by an inplace operation" in str(error)
# claim: version-error-names-saving-op
assert "output 0 of Sigmoid," in str(error)
model[2] = torch.nn.ReLU()
model(x).sum().backward()
# claim: out-of-place-relu-fixes
assert model[0].weight.grad is not None
