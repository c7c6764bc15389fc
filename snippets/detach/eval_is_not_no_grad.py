import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(4, 4), torch.nn.Dropout(0.5), torch.nn.Linear(4, 1)
)
x = torch.randn(3, 4)

# In training mode, dropout draws a new mask each pass.
print("two train passes agree:", torch.equal(model(x), model(x)))
assert not torch.equal(model(x), model(x))

# eval() changes layers such as Dropout and BatchNorm, not autograd.
model.eval()
print("two eval passes agree (dropout off):", torch.equal(model(x), model(x)))
# claim: eval-turns-dropout-off
assert not model.training and torch.equal(model(x), model(x))

out = model(x)
print(
    "out.requires_grad =",
    out.requires_grad,
    " grad_fn =",
    type(out.grad_fn).__name__,
)
# claim: eval-still-records-graph summary-eval-not-grad-switch
assert out.requires_grad and out.grad_fn is not None and torch.is_grad_enabled()
out.sum().backward()
# claim: eval-still-records-graph
assert model[0].weight.grad is not None

# Evaluation wants both: eval() and no gradient tracking.
with torch.no_grad():
    out = model(x)
print("under no_grad: requires_grad =", out.requires_grad)
# claim: eval-and-no-grad-together
assert not model.training and not out.requires_grad
