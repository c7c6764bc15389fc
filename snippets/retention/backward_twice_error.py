import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
d.backward()

try:
    d.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")
print("a.grad =", a.grad)

# --- checks ---

try:
    d.backward()
except RuntimeError as caught:
    error = caught
# claim: second-backward-raises
assert "Trying to backward through the graph a second time" in str(error)
# claim: first-backward-result-stays
assert a.grad.item() == 2400
