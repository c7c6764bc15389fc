import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
ACCUMULATION_STEPS = 4  # micro-batches per optimizer step

for i in range(8):  # 8 micro-batches of 4 samples
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    loss = torch.nn.functional.mse_loss(model(x), y) / ACCUMULATION_STEPS
    loss.backward()  # adds into .grad
    if (i + 1) % ACCUMULATION_STEPS == 0:
        optimizer.step()
        optimizer.zero_grad()
print("after the last step, .grad is", model.weight.grad)  # None: a clean start
assert model.weight.grad is None
