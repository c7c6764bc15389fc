import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
c.retain_grad()
d.retain_grad()
d.backward()
print("c.grad =", c.grad, "| d.grad =", d.grad, "| a.grad =", a.grad)
print("c.retains_grad =", c.retains_grad)

a.retain_grad()  # a leaf keeps its .grad anyway: nothing to do
print("a.retains_grad =", a.retains_grad)

try:
    b.retain_grad()  # b does not require a gradient
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# --- checks ---

# claim: retained-c-grad-is-120
assert c.grad.item() == 2 * b.item() * c.item() == 120
# claim: scalar-backward-starts-from-one
assert d.grad.item() == 1
assert a.grad.item() == 2400
# claim: retains-grad-attribute
assert c.retains_grad and d.retains_grad
# claim: retain-grad-on-leaf-no-op
assert not a.retains_grad
# On a leaf it changes nothing: the same .grad as a leaf without it, adding
# up the same way over two backward passes.
plain = torch.tensor(2.0, requires_grad=True)
marked = torch.tensor(2.0, requires_grad=True)
marked.retain_grad()
for _ in range(2):
    ((plain * plain * 5) ** 2 * b).backward()
    ((marked * marked * 5) ** 2 * b).backward()
# claim: retain-grad-on-leaf-no-op
assert marked.grad.item() == plain.grad.item() == 4800
try:
    b.retain_grad()
except RuntimeError as caught:
    error = caught
# claim: retain-grad-without-grad-raises
assert "can't retain_grad on Tensor that has requires_grad=False" in str(error)
