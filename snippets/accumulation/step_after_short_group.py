import itertools

import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = torch.utils.data.TensorDataset(torch.randn(40, 4), torch.randn(40, 1))
micro_batches = iter(torch.utils.data.DataLoader(data, batch_size=4))
while group := list(itertools.islice(micro_batches, 4)):  # 4, 4, then 2
    rows = sum(len(y) for _, y in group)
    for x, y in group:
        loss = torch.nn.functional.mse_loss(model(x), y, reduction="sum")
        (loss / rows).backward()
    optimizer.step()
    optimizer.zero_grad()
    print(f"stepped after {len(group)} micro-batches ({rows} rows)")

# --- checks ---

assert model.weight.grad is None
