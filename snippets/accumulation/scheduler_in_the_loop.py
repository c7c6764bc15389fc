import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
for i in range(8):  # 8 micro-batches, a step every 4
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    (torch.nn.functional.mse_loss(model(x), y) / 4).backward()
    if (i + 1) % 4 == 0:
        optimizer.step()
        scheduler.step()  # with the optimizer: once per effective batch
        optimizer.zero_grad()
print("learning rate after 2 optimizer steps:", scheduler.get_last_lr())
assert scheduler.get_last_lr() == [0.1 * 0.5**2]
