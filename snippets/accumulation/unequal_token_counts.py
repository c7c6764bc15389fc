import torch

torch.manual_seed(0)
VOCAB = 10
model = torch.nn.Linear(8, VOCAB)
# Two micro-batches of 2 sequences x 8 positions; -100 marks padding
inputs = torch.randn(2, 2, 8, 8)
labels = torch.randint(VOCAB, (2, 2, 8))
labels[0, 1, 7:] = -100
labels[1, :, 2:] = -100
valid = [(mb != -100).sum().item() for mb in labels]
print("valid tokens per micro-batch:", valid)

# ignore_index=-100 is the default: the mean is over the valid tokens only
loss_fn = torch.nn.CrossEntropyLoss()

# The target: one batch of both micro-batches, the mean over all 19 tokens
loss_fn(model(inputs).flatten(0, 2), labels.flatten()).backward()
full_batch = model.weight.grad.clone()


def accumulate(loss_of):
    model.zero_grad()
    for x, y in zip(inputs, labels):
        loss_of(model(x).flatten(0, 1), y.flatten()).backward()
    return (model.weight.grad - full_batch).abs().max().item()


# Wrong: each micro-batch's mean counts the same, 4 tokens as much as 15
wrong = accumulate(lambda logits, y: loss_fn(logits, y) / 2)
print(f"mean per micro-batch / 2: difference {wrong:.2f}")

# Right: sum over tokens, divide by the valid tokens of the whole group,
# counted before the first backward
total = sum(valid)
sum_loss = torch.nn.CrossEntropyLoss(reduction="sum")
right = accumulate(lambda logits, y: sum_loss(logits, y) / total)
print(f"sum per micro-batch / {total}: difference < 1e-6: {right < 1e-6}")

# --- checks ---

assert valid == [15, 4]
logits = model(inputs[1]).flatten(0, 1)
mean = loss_fn(logits, labels[1].flatten())
summed = torch.nn.CrossEntropyLoss(reduction="sum")(logits, labels[1].flatten())
# claim: cross-entropy-mean-over-valid-tokens
assert torch.allclose(mean, summed / valid[1])
# claim: mean-per-micro-batch-is-wrong summary-batchnorm-and-token-counts
assert wrong > 0.01
# claim: sum-over-all-valid-tokens-matches
assert right < 1e-6
