import torch

torch.manual_seed(0)
backbone = torch.nn.Linear(4, 8)
head = torch.nn.Linear(8, 1)
model = torch.nn.Sequential(backbone, torch.nn.ReLU(), head)

backbone.requires_grad_(
    False
)  # frozen: autograd does not track these parameters
optimizer = torch.optim.SGD(head.parameters(), lr=0.1)

for _ in range(3):
    optimizer.zero_grad()
    model(torch.randn(5, 4)).pow(2).mean().backward()
    optimizer.step()

print("backbone.weight.grad =", backbone.weight.grad)
print(
    "head.weight.grad is a tensor:", isinstance(head.weight.grad, torch.Tensor)
)
assert backbone.weight.grad is None  # nothing to clear, nothing to grow
assert head.weight.grad is not None
