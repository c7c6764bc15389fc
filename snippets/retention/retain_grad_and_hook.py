import torch

x = torch.tensor(2.0, requires_grad=True)
c = x * x
loss = c * 3
c.retain_grad()
c.register_hook(lambda grad: grad * 10)  # registered after retain_grad()
loss.backward()
print("c.grad =", c.grad, "| x.grad =", x.grad)

# --- checks ---

# The hook's 30, not the 3 that flows into c: retain_grad()'s own hook runs
# after every other hook of c, whatever the order of the calls.
# claim: retained-grad-is-hooked-value
assert c.grad.item() == 30 and x.grad.item() == 120
other_x = torch.tensor(2.0, requires_grad=True)
other_c = other_x * other_x
other_c.register_hook(lambda grad: grad * 10)
other_c.retain_grad()
(other_c * 3).backward()
# claim: retained-grad-is-hooked-value
assert other_c.grad.item() == 30 and other_x.grad.item() == 120
