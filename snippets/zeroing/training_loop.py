import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randn(16, 1)
losses = []
for _ in range(3):
    optimizer.zero_grad()  # before backward(), never between it and step()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    losses.append(loss.item())
print("the loss goes down:", losses[0] > losses[1] > losses[2])

# --- checks ---

# claim: training-loop-loss-decreases
assert losses[0] > losses[1] > losses[2]
