import torch

torch.manual_seed(0)
backbone, head = torch.nn.Linear(4, 8), torch.nn.Linear(8, 1)
model = torch.nn.Sequential(backbone, torch.nn.ReLU(), head)
backbone.requires_grad_(False)  # no gradient is computed for it
optimizer = torch.optim.SGD(head.parameters(), lr=0.1)

for _ in range(3):
    optimizer.zero_grad()
    model(torch.randn(5, 4)).pow(2).mean().backward()
    optimizer.step()

print("backbone.weight.grad =", backbone.weight.grad)
print("head.weight.grad is a tensor:", torch.is_tensor(head.weight.grad))

# --- checks ---

# claim: module-requires-grad-false-freezes frozen-parameters-grad-stays-none
assert all(p.grad is None for p in backbone.parameters())
# claim: module-requires-grad-false-freezes
assert not any(p.requires_grad for p in backbone.parameters())
assert head.weight.grad is not None and head.bias.grad is not None
