import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(4, 3), torch.randn(4, 1)

losses = []
for _ in range(3):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.item())  # a Python float: the graph can be freed
print("logged:", [type(value).__name__ for value in losses])
assert all(isinstance(value, float) for value in losses)
