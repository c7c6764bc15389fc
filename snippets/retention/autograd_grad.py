import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b

# The gradients of d with respect to a leaf and a non-leaf, returned.
grad_a, grad_c = torch.autograd.grad(d, [a, c])
print("returned:", grad_a, grad_c)
print("a.grad =", a.grad)

# --- checks ---

# claim: autograd-grad-returns-not-accumulates autograd-grad-non-leaf
assert (grad_a.item(), grad_c.item()) == (2400, 120)
# Returned to the caller, not added into .grad.
# claim: autograd-grad-returns-not-accumulates
assert a.grad is None
# A tensor on the way that retains its gradient still gets its .grad.
retained = a * a * 5
retained.retain_grad()
torch.autograd.grad(retained * retained * b, a)
# claim: autograd-grad-returns-not-accumulates
assert a.grad is None
# claim: autograd-grad-fills-retained-grad
assert retained.grad.item() == 120
# So does one that is itself an input.
retained = a * a * 5
retained.retain_grad()
torch.autograd.grad(retained * retained * b, retained)
# claim: autograd-grad-returns-not-accumulates
assert a.grad is None
# claim: autograd-grad-fills-retained-grad
assert retained.grad.item() == 120
