import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1)
)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

# model.zero_grad() walks model.parameters();
# optimizer.zero_grad() walks optimizer.param_groups.
walked_by_model = list(model.parameters())
walked_by_optimizer = [
    p for group in optimizer.param_groups for p in group["params"]
]
same = len(walked_by_model) == len(walked_by_optimizer) and all(
    a is b for a, b in zip(walked_by_model, walked_by_optimizer)
)
print("same parameters, same objects:", same)
# claim: optimizer-holds-model-parameters
assert same

model(torch.randn(2, 3)).sum().backward()
optimizer.zero_grad()
print("after optimizer.zero_grad():", [p.grad for p in model.parameters()])
# claim: optimizer-zero-grad-clears-model
assert all(p.grad is None for p in model.parameters())
