import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x, y = torch.randn(8, 3), torch.randn(8, 1)
torch.nn.functional.mse_loss(model(x), y).backward()
print("after 1 backward:", model.weight.grad)
torch.nn.functional.mse_loss(model(x), y).backward()  # no zeroing in between
print("after 2 backward:", model.weight.grad)
model.zero_grad()
torch.nn.functional.mse_loss(model(x), y).backward()
print("zeroed, then 1  :", model.weight.grad)

# --- checks ---


def backward_once():
    torch.nn.functional.mse_loss(model(x), y).backward()


model.weight.grad = None
backward_once()
first = model.weight.grad.clone()
backward_once()  # same data, no zeroing in between
# claim: grads-add-up-without-zeroing backward-adds-into-grad
assert torch.allclose(model.weight.grad, 2 * first)
model.zero_grad()
backward_once()
# claim: zeroing-restores-one-pass
assert torch.allclose(model.weight.grad, first)


def gradient_of(batch):
    model.zero_grad()
    torch.nn.functional.mse_loss(model(batch[0]), batch[1]).backward()
    return model.weight.grad.clone()


batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(3)]
each = [gradient_of(batch) for batch in batches]
model.zero_grad()
for inputs, targets in batches:  # a training loop that never zeroes
    torch.nn.functional.mse_loss(model(inputs), targets).backward()
# claim: missing-zero-grad-sums-batches
assert torch.allclose(model.weight.grad, sum(each), atol=1e-6)
# claim: missing-zero-grad-sums-batches
assert not torch.allclose(model.weight.grad, each[-1])
