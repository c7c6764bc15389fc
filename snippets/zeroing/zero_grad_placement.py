import torch

torch.manual_seed(0)
x = torch.randn(64, 3)
y = x @ torch.tensor([[1.0], [-2.0], [0.5]])


def train(order):
    torch.manual_seed(1)
    model = torch.nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    start = model.weight.detach().clone()
    for _ in range(20):
        loss = torch.nn.functional.mse_loss(model(x), y)
        order(loss, optimizer)
    final = torch.nn.functional.mse_loss(model(x), y).item()
    print(f"{order.__name__:>16}: loss after 20 steps = {final:.4f}")
    return start, model.weight.detach(), final


def zero_first(loss, optimizer):
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


def zero_after_step(loss, optimizer):
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()


def zero_before_step(loss, optimizer):
    loss.backward()
    # too early: the gradient is gone before step() uses it
    optimizer.zero_grad()
    optimizer.step()


_, first_weight, final = train(zero_first)
_, after_weight, _ = train(zero_after_step)
start, weight, _ = train(zero_before_step)
print("weights moved at all:", not torch.equal(start, weight))

# --- checks ---

assert final < 0.05
# the same training, step for step
# claim: zero-grad-placement-equivalent summary-clear-once-per-step
assert torch.equal(first_weight, after_weight)
# every step was skipped, with no error
# claim: zero-grad-before-step-skips
assert torch.equal(start, weight)
