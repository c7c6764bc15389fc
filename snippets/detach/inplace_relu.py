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


def backward_error(activation):
    layers = torch.nn.Linear(3, 3), activation, torch.nn.ReLU(inplace=True)
    try:
        torch.nn.Sequential(*layers)(x).sum().backward()
    except RuntimeError as caught:
        return str(caught)


# claim: inplace-relu-after-saved-output-raises
assert "modified by an inplace operation" in backward_error(torch.nn.Tanh())
# claim: inplace-relu-after-saved-output-raises
assert "output 0 of Softmax" in backward_error(torch.nn.Softmax(dim=1))
# These save their input, which the in-place ReLU does not touch.
for activation in torch.nn.ELU(), torch.nn.GELU(), torch.nn.SiLU():
    # claim: inplace-relu-after-input-saver-runs
    assert backward_error(activation) is None
