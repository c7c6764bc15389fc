import torch

torch.manual_seed(0)
backbone = torch.nn.Linear(4, 8)
head = torch.nn.Linear(8, 1)
model = torch.nn.Sequential(backbone, torch.nn.ReLU(), head)

# Frozen: autograd does not track these parameters.
backbone.requires_grad_(False)
optimizer = torch.optim.SGD(head.parameters(), lr=0.1)

for _ in range(3):
    optimizer.zero_grad()
    model(torch.randn(5, 4)).pow(2).mean().backward()
    optimizer.step()

print("backbone.weight.grad =", backbone.weight.grad)
print("head.weight.grad is a tensor:", torch.is_tensor(head.weight.grad))
# Nothing to clear, nothing to grow.
# claim: frozen-parameters-grad-stays-none
assert backbone.weight.grad is None
assert head.weight.grad is not None
