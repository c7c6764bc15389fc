import torch

x = torch.tensor(2.0, requires_grad=True)
# An intermediate result: its .grad is not kept by default.
y = x * 3
# Before backward().
y.retain_grad()
(y * y).backward()
print("y.grad =", y.grad, "| x.grad =", x.grad)

# --- checks ---

# claim: retain-grad-keeps-grad
assert y.grad.item() == 12.0 and x.grad.item() == 36.0
