import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 1)
loss_fn = torch.nn.MSELoss()
# Padding removed, the two micro-batches keep 14 and 4 target tokens.
micro_batches = [
    (torch.randn(14, 8), torch.randn(14, 1)),
    (torch.randn(4, 8), torch.randn(4, 1)),
]
x = torch.cat([xb for xb, _ in micro_batches])
y = torch.cat([yb for _, yb in micro_batches])

loss_fn(model(x), y).backward()  # the target: the mean over all 18 tokens
full_batch = model.weight.grad.clone()


def accumulate(loss_of):
    model.zero_grad()
    for xb, yb in micro_batches:
        loss_of(xb, yb).backward()
    return (model.weight.grad - full_batch).abs().max().item()


# Wrong: every micro-batch's mean counts the same, whatever its token count.
wrong = accumulate(lambda xb, yb: loss_fn(model(xb), yb) / len(micro_batches))
print(f"mean per micro-batch / {len(micro_batches)}:  difference {wrong:.3f}")
assert wrong > 0.05

# Right: sum the per-token losses, divide by the tokens of the whole effective
# batch.
total_tokens = sum(len(yb) for _, yb in micro_batches)
right = accumulate(
    lambda xb, yb: (
        torch.nn.functional.mse_loss(model(xb), yb, reduction="sum")
        / total_tokens
    )
)
print(f"sum per micro-batch / {total_tokens}:  difference {right:.1e}")
assert right < 1e-6
