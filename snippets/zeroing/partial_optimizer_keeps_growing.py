import torch

torch.manual_seed(0)
x, y = torch.randn(32, 4), torch.randn(32, 1)
backbone, head = torch.nn.Linear(4, 8), torch.nn.Linear(8, 1)
model = torch.nn.Sequential(backbone, torch.nn.Tanh(), head)
optimizer = torch.optim.SGD(head.parameters(), lr=0.01)  # the head only
for step in range(1, 5):
    optimizer.zero_grad()  # clears the head's gradients only
    torch.nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
    norm = backbone.weight.grad.norm().item()
    print(f"step {step}: backbone grad norm {norm:.3f}")

# --- checks ---


def train(clear, steps=4):
    torch.manual_seed(1)
    backbone = torch.nn.Linear(4, 8)
    head = torch.nn.Linear(8, 1)
    model = torch.nn.Sequential(backbone, torch.nn.Tanh(), head)
    optimizer = torch.optim.SGD(head.parameters(), lr=0.01)
    grads = []
    for _ in range(steps):
        clear(model, optimizer)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        grads.append(backbone.weight.grad.clone())
    return grads, [g.norm().item() for g in grads]


growing, growing_norms = train(lambda model, optimizer: optimizer.zero_grad())
# Nobody clears the backbone: each step's gradient lands on top of the last.
# claim: partial-optimizer-grad-grows
assert all(b > a for a, b in zip(growing_norms, growing_norms[1:]))
# claim: partial-optimizer-grad-grows
assert growing_norms[-1] > 3.5 * growing_norms[0]
steady, steady_norms = train(lambda model, optimizer: model.zero_grad())
# claim: model-zero-grad-clears-backbone
assert max(steady_norms) < 1.1 * min(steady_norms)
# What a later reader of the backbone's .grad (clipping, a second stage)
# gets: the sum of every step's own gradient.
difference = (growing[-1] - sum(steady)).abs().max().item()
# claim: partial-optimizer-grad-is-sum
assert difference < 1e-6
