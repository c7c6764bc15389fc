import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(4, 3), torch.randn(4, 1)

running, logged = 0.0, []  # a tensor on the loss's device after one step
for step in range(1, 7):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    running += loss.detach()  # no graph kept, no wait for the device
    if step % 3 == 0:
        logged.append(running.item() / step)  # one .item() per log line
print("logged:", [type(value).__name__ for value in logged])

# --- checks ---

# claim: detached-running-loss-no-graph
assert running.grad_fn is None and not running.requires_grad
# claim: detached-running-loss-no-graph
assert isinstance(running, torch.Tensor) and running.device == loss.device
# claim: item-returns-python-float
assert all(isinstance(value, float) for value in logged)
# The same training again, with one .item() per step.
torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(4, 3), torch.randn(4, 1)
per_step = []
for step in range(1, 7):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    per_step.append(loss.item())
# claim: detached-running-loss-same-value
assert abs(logged[1] - sum(per_step) / 6) < 1e-6
