import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
d.backward()

print("a.grad =", a.grad)
# b does not require a gradient: none is ever stored.
print("b.grad =", b.grad)

# --- checks ---

# claim: backward-puts-2400-in-a-grad
assert a.grad.item() == 100 * b.item() * a.item() ** 3 == 2400
# claim: no-grad-leaf-gets-no-grad backward-fills-only-grad-leaves
# claim: summary-only-grad-leaves-get-grad
assert b.grad is None
