import torch

model = torch.nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
x, y = torch.randn(16, 8), torch.randn(16, 1)
total = 0.0
for step in range(3):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    total += loss.item()  # a Python float: it keeps no graph alive
print("the running loss is a", type(total).__name__)

# --- checks ---

assert isinstance(total, float)
