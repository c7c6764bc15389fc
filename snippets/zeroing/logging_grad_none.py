import torch

used, unused = torch.nn.Linear(3, 1), torch.nn.Linear(3, 1)
model = torch.nn.ModuleDict({"used": used, "unused": unused})
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
used(torch.ones(4, 3)).sum().backward()
# after backward(), before zero_grad(), skipping None:
named = model.named_parameters()
norms = {n: p.grad.norm().item() for n, p in named if p.grad is not None}
print("logged:", list(norms))
optimizer.step()
optimizer.zero_grad()

# --- checks ---

used(torch.ones(4, 3)).sum().backward()
# A parameter the forward did not use has no gradient to log.
logged = []
try:
    for name, p in model.named_parameters():
        logged.append(p.grad.norm().item())
except AttributeError as caught:
    error = caught
# claim: logging-unused-grad-none-crashes
assert name == "unused.weight" and len(logged) == 2
# claim: logging-unused-grad-none-crashes
assert "'NoneType' object has no attribute 'norm'" in str(error)
named = model.named_parameters()
norms = {n: p.grad.norm().item() for n, p in named if p.grad is not None}
total = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf"))
# claim: clip-grad-norm-skips-none
assert torch.isclose(total, torch.tensor(list(norms.values())).norm())

# After zero_grad(), no parameter has one: log before zeroing.
optimizer.zero_grad()
try:
    used.weight.grad.norm()
except AttributeError as caught:
    after_zero_grad = caught
# claim: logging-after-zero-grad-crashes
assert "'NoneType' object has no attribute 'norm'" in str(after_zero_grad)
