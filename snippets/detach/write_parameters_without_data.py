import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
other = torch.nn.Linear(3, 1)

with torch.no_grad():  # initialize, or tie values: not recorded
    model.weight.fill_(0.5)
    other.bias.copy_(model.bias)
w = model.weight
print(
    f"after the writes: is_leaf = {w.is_leaf}  grad_fn = {w.grad_fn}"
    f"  requires_grad = {w.requires_grad}"
)

# --- checks ---

# claim: no-grad-writes-keep-leaf
assert model.weight.is_leaf and model.weight.grad_fn is None
# claim: no-grad-writes-keep-leaf
assert model.weight.requires_grad and torch.equal(other.bias, model.bias)
