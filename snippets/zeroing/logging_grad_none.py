import torch

torch.manual_seed(0)
model = torch.nn.ModuleDict(
    {"used": torch.nn.Linear(3, 1), "unused": torch.nn.Linear(3, 1)}
)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model["used"](torch.randn(4, 3)).sum().backward()
optimizer.step()

# A parameter the forward did not use has no gradient to log.
logged = []
try:
    for name, p in model.named_parameters():
        logged.append(p.grad.norm().item())
except AttributeError as error:
    print(f"{name}: AttributeError: {error}")
    # claim: logging-unused-grad-none-crashes
    assert name == "unused.weight" and len(logged) == 2
    # claim: logging-unused-grad-none-crashes
    assert "'NoneType' object has no attribute 'norm'" in str(error)
else:
    raise AssertionError("p.grad.norm() on a None gradient should have raised")

# After zero_grad(), no parameter has one: log before zeroing.
optimizer.zero_grad()
try:
    model["used"].weight.grad.norm()
except AttributeError as error:
    print(f"after zero_grad(): AttributeError: {error}")
    # claim: logging-after-zero-grad-crashes
    assert "'NoneType' object has no attribute 'norm'" in str(error)
else:
    raise AssertionError("p.grad.norm() after zero_grad() should have raised")

# The fix: skip None, as the optimizers and clip_grad_norm_ do.
model["used"](torch.randn(4, 3)).sum().backward()
norms = {
    name: p.grad.norm().item()
    for name, p in model.named_parameters()
    if p.grad is not None
}
print("logged:", list(norms))
total = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf"))
# claim: clip-grad-norm-skips-none
assert torch.isclose(total, torch.tensor(list(norms.values())).norm())
print("clip_grad_norm_ skips them too: total = norm of the logged norms")
