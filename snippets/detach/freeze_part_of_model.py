import torch

torch.manual_seed(0)
backbone, head = torch.nn.Linear(4, 8), torch.nn.Linear(8, 1)
model = torch.nn.Sequential(backbone, torch.nn.ReLU(), head)
# Frozen: no .grad, no graph through it.
backbone.requires_grad_(False)
trainable = [p for p in model.parameters() if p.requires_grad]
optimizer = torch.optim.SGD(trainable, lr=0.1)

model(torch.randn(5, 4)).pow(2).mean().backward()
optimizer.step()
optimizer.zero_grad()
print(f"trainable tensors: {len(trainable)} of 4")
print("backbone.weight.grad =", backbone.weight.grad)
# claim: module-requires-grad-false-freezes
assert len(trainable) == 2 and backbone.weight.grad is None
