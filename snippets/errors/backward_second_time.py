import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
# mul saves its inputs for backward; the first backward() frees them
loss = (x * x).sum()
loss.backward()
try:
    loss.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# A graph whose nodes save nothing can be walked again
total = (x + 1).sum()
total.backward()
total.backward()
print("x + 1 twice: no error, x.grad =", x.grad)

# --- checks ---

try:
    loss.backward()
except RuntimeError as caught:
    error = caught
# claim: error-backward-twice-saved-tensors-freed
assert "backward through the graph a second time" in str(error)
# claim: error-backward-twice-saved-tensors-freed
assert x.grad.tolist() == [4.0, 6.0]
