import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(4, 3), torch.randn(4, 1)

running, logged, per_step = torch.zeros(()), [], []
for step in range(1, 7):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    per_step.append(loss.detach())
    # A detached tensor: no graph kept, no wait for the device.
    running += loss.detach()
    if step % 3 == 0:
        # One .item() per log line: a Python float.
        logged.append(running.item() / 3)
        running.zero_()
print("logged:", [type(value).__name__ for value in logged])
# claim: detached-running-loss-no-graph
assert running.grad_fn is None and not running.requires_grad
# claim: item-returns-python-float
assert all(isinstance(value, float) for value in logged)
mean_of_steps = torch.stack(per_step[3:]).mean().item()
# claim: detached-running-loss-same-value
assert abs(logged[1] - mean_of_steps) < 1e-6
