import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for i in range(8):  # 8 micro-batches, a step every 4
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    (torch.nn.functional.mse_loss(model(x), y) / 4).backward()
    if (i + 1) % 4 == 0:  # .grad holds the whole gradient: clip it now
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.5)
        optimizer.step()
        optimizer.zero_grad()
        print(f"step {i // 4 + 1}: norm above 0.5, clipped:", norm.item() > 0.5)
        assert norm > 0.5
