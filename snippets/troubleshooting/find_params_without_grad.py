import torch

torch.manual_seed(0)
model = torch.nn.ModuleDict(
    {"used": torch.nn.Linear(3, 1), "unused": torch.nn.Linear(3, 1)}
)
model["used"](torch.randn(4, 3)).sum().backward()

missing = [
    name
    for name, p in model.named_parameters()
    if p.requires_grad and p.grad is None
]
print("require a gradient, got none:", missing)

# --- checks ---

# claim: grad-none-list-missing-parameters
assert missing == ["unused.weight", "unused.bias"]
