import torch


@torch.compile(backend="aot_eager", fullgraph=True)
def hooked(x):
    c = x * x
    c.register_hook(lambda grad: grad * 10)  # compiled with the region
    return (c * 3).sum(), c


x = torch.tensor(2.0, requires_grad=True)
loss, c = hooked(x)
c.retain_grad()  # c is an output of the compiled node, not on the path
loss.backward()
print("x.grad =", x.grad, "| c.grad =", c.grad)

# --- checks ---

# claim: compiled-hook-changes-gradient
assert x.grad.item() == 120  # eager: 12 without the hook, 120 with it
# claim: compiled-output-retain-grad-stays-none
assert c.grad is None and c.grad_fn is loss.grad_fn
