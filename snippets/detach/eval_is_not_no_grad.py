import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(4, 4), torch.nn.Dropout(0.5), torch.nn.Linear(4, 1)
)
x = torch.randn(3, 4)

print("two train passes agree:", torch.equal(model(x), model(x)))
assert not torch.equal(model(x), model(x))  # dropout draws a new mask each pass

model.eval()  # changes layers such as Dropout and BatchNorm, not autograd
print("model.training =", model.training)
assert not model.training
print("two eval passes agree (dropout off):", torch.equal(model(x), model(x)))
assert torch.equal(model(x), model(x))

out = model(x)
print(
    "out.requires_grad =",
    out.requires_grad,
    " grad_fn =",
    type(out.grad_fn).__name__,
)
assert (
    out.requires_grad and out.grad_fn is not None
)  # a graph is still recorded
out.sum().backward()
assert model[0].weight.grad is not None

with torch.no_grad():  # evaluation wants both: eval() and no gradient tracking
    out = model(x)
print("under no_grad: requires_grad =", out.requires_grad)
assert not out.requires_grad
