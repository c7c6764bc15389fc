import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(10)]
N = 4  # micro-batches per step: 10 = 4 + 4 + 2
for i, (x, y) in enumerate(batches):
    group = min(N, len(batches) - i // N * N)  # 2 in the last, short group
    (torch.nn.functional.mse_loss(model(x), y) / group).backward()
    if (i + 1) % N == 0 or i + 1 == len(batches):
        optimizer.step()
        optimizer.zero_grad()
print("after the last micro-batch, .grad is", model.weight.grad)
assert model.weight.grad is None  # nothing leaks into the next epoch
