import torch

model = torch.nn.Sequential(
    torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1)
)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
held = [p for group in optimizer.param_groups for p in group["params"]]
same = [id(p) for p in model.parameters()] == [id(p) for p in held]
print("same parameters, same objects:", same)
model(torch.ones(2, 3)).sum().backward()
optimizer.zero_grad()
print("after optimizer.zero_grad():", [p.grad for p in model.parameters()])

# --- checks ---

# claim: optimizer-holds-model-parameters
assert same and all(a is b for a, b in zip(model.parameters(), held))
model(torch.randn(2, 3)).sum().backward()
optimizer.zero_grad()
# claim: optimizer-zero-grad-clears-model
assert all(p.grad is None for p in model.parameters())
