import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
seen = []
y.register_hook(seen.append)  # returns None: only looks at the gradient
(y * y).backward()
print("gradient into y:", seen, "| x.grad:", x.grad)

w = torch.tensor(2.0, requires_grad=True)
z = w * 3
z.register_hook(lambda grad: grad.clamp(max=1.0))  # returns a replacement
(z * z).backward()
print("with a clamp: w.grad =", w.grad)

# --- checks ---

# claim: hook-sees-gradient-into-tensor
assert len(seen) == 1 and seen[0].item() == 2 * y.item() == 12.0
# 2y = 12, times dy/dx = 3.
# claim: hook-returning-none-changes-nothing
assert x.grad.item() == 36.0
# The clamped 1, times dz/dw = 3, where 2z = 12 would give 36.
# claim: hook-returning-tensor-replaces-gradient
assert w.grad.item() == 3.0
