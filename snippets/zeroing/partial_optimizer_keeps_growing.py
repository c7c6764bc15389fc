import torch

torch.manual_seed(0)
x, y = torch.randn(32, 4), torch.randn(32, 1)


def train(clear, steps=4):
    torch.manual_seed(1)
    backbone = torch.nn.Linear(4, 8)
    head = torch.nn.Linear(8, 1)
    model = torch.nn.Sequential(backbone, torch.nn.Tanh(), head)
    optimizer = torch.optim.SGD(head.parameters(), lr=0.01)  # the head only
    norms = []
    for _ in range(steps):
        clear(model, optimizer)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        norms.append(backbone.weight.grad.norm().item())
    print("  backbone grad norm per step:", [round(n, 3) for n in norms])
    return norms


print("optimizer.zero_grad():")
growing = train(lambda model, optimizer: optimizer.zero_grad())
# Nobody clears the backbone: each step's gradient lands on top of the last.
assert all(later > earlier for earlier, later in zip(growing, growing[1:]))
assert growing[-1] > 3.5 * growing[0]

print("model.zero_grad():")
steady = train(lambda model, optimizer: model.zero_grad())
assert max(steady) < 1.1 * min(steady)
