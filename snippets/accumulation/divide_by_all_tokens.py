import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
micro_batches = [torch.randn(14, 4), torch.randn(4, 4)]  # 14 and 4 tokens
total = sum(len(x) for x in micro_batches)  # known before the first backward
for x in micro_batches:
    loss = model(x).pow(2).sum() / total  # a sum over tokens, one divisor
    loss.backward()
accumulated = model.weight.grad.clone()
model.zero_grad()
model(torch.cat(micro_batches)).pow(2).mean().backward()  # all 18 at once
diff = (accumulated - model.weight.grad).abs().max().item()
print("the gradient of one batch of 18 tokens, up to rounding:", diff < 1e-6)
assert diff < 1e-6
