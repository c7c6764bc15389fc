import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Dropout(0.5))
x = torch.randn(3, 4)
print("two train passes agree:", torch.equal(model(x), model(x)))

model.eval()
print("two eval passes agree (dropout off):", torch.equal(model(x), model(x)))
out = model(x)
print(
    "out.requires_grad =", out.requires_grad, " grad_fn =", out.grad_fn.name()
)
out.sum().backward()  # eval() does not stop autograd

with torch.no_grad():  # evaluation wants both
    out = model(x)
print("under no_grad: requires_grad =", out.requires_grad)

# --- checks ---

evaluated = out
# claim: eval-turns-dropout-off
assert not model.training and torch.equal(model(x), model(x))
out = model(x)
# claim: eval-still-records-graph summary-eval-not-grad-switch
assert out.requires_grad and out.grad_fn is not None and torch.is_grad_enabled()
# claim: eval-still-records-graph
assert model[0].weight.grad is not None
# claim: eval-and-no-grad-together
assert not model.training and not evaluated.requires_grad
model.train()
assert not torch.equal(model(x), model(x))
