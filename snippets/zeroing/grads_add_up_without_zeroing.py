import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x, y = torch.randn(8, 3), torch.randn(8, 1)


def backward_once():
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()


backward_once()
first = model.weight.grad.clone()
print("after 1 backward:", first)

backward_once()  # same data, no zeroing in between
print("after 2 backward:", model.weight.grad)
# claim: grads-add-up-without-zeroing backward-adds-into-grad
assert torch.allclose(model.weight.grad, 2 * first)

model.zero_grad()
backward_once()
print("zeroed, then 1  :", model.weight.grad)
# claim: zeroing-restores-one-pass
assert torch.allclose(model.weight.grad, first)
