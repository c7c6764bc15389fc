import torch

used = torch.tensor(1.0, requires_grad=True)
unused = torch.tensor(2.0, requires_grad=True)

try:
    torch.autograd.grad(used * 3, [used, unused])
except RuntimeError as error:
    print(f"RuntimeError: {error}")

allowed = torch.autograd.grad(used * 3, [used, unused], allow_unused=True)
print("allow_unused=True:", allowed)

zeros = torch.autograd.grad(used * 3, [used, unused], materialize_grads=True)
print("materialize_grads=True:", zeros)

# backward() does not complain: an unused leaf simply gets no .grad.
(used * 3).backward()
print("backward(): unused.grad =", unused.grad)

# --- checks ---

try:
    torch.autograd.grad(used * 3, [used, unused])
except RuntimeError as caught:
    error = caught
# claim: unused-input-raises
assert "appears to not have been used in the graph" in str(error)
# claim: allow-unused-gives-none
assert allowed[0].item() == 3.0 and allowed[1] is None
# claim: materialize-grads-gives-zeros
assert zeros[1].item() == 0.0
# claim: backward-leaves-unused-grad-none
assert used.grad.item() == 3.0 and unused.grad is None
