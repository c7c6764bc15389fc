import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 10)
# 2 micro-batches of 2 sequences x 8 tokens; -100 marks padding
inputs, labels = torch.randn(2, 2, 8, 8), torch.randint(10, (2, 2, 8))
labels[1, :, 2:] = -100
sum_loss = torch.nn.CrossEntropyLoss(reduction="sum")
# the group's valid tokens, counted before its first backward
tokens = (labels != -100).sum()
for x, y in zip(inputs, labels):
    (sum_loss(model(x).flatten(0, 1), y.flatten()) / tokens).backward()
print("valid tokens in the group:", tokens.item())

# --- checks ---

accumulated = model.weight.grad.clone()
model.zero_grad()
# one batch of both micro-batches, the mean over its valid tokens
torch.nn.CrossEntropyLoss()(
    model(inputs).flatten(0, 2), labels.flatten()
).backward()
assert (model.weight.grad - accumulated).abs().max() < 1e-6
