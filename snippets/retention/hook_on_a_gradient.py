import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
seen = []


def log_grad(grad):
    seen.append(grad)
    # Returns None: the gradient flows on unchanged.


y.register_hook(log_grad)
(y * y).backward()
print("gradients into y:", seen, "| x.grad:", x.grad)

# A hook that returns a tensor replaces the gradient.
w = torch.tensor(2.0, requires_grad=True)
z = w * 3
z.register_hook(lambda grad: grad.clamp(max=1.0))
(z * z).backward()
print("the same with a clamp: w.grad =", w.grad)

# --- checks ---

# claim: hook-sees-gradient-into-tensor
assert len(seen) == 1 and seen[0].item() == 12.0
# 2y = 12, times dy/dx = 3.
# claim: hook-returning-none-changes-nothing
assert x.grad.item() == 36.0
# The clamped 1, times dz/dw = 3.
# claim: hook-returning-tensor-replaces-gradient
assert w.grad.item() == 3.0
