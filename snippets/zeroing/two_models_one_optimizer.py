import torch

torch.manual_seed(0)
encoder = torch.nn.Linear(3, 4)
decoder = torch.nn.Linear(4, 3)
optimizer = torch.optim.Adam(
    [*encoder.parameters(), *decoder.parameters()], lr=1e-3
)


def backward_once():
    x = torch.randn(2, 3)
    torch.nn.functional.mse_loss(decoder(encoder(x)), x).backward()


backward_once()
encoder.zero_grad()
print(
    "encoder.zero_grad(): encoder grad",
    encoder.weight.grad,
    "| decoder grad kept:",
    decoder.weight.grad is not None,
)
# claim: encoder-zero-grad-clears-encoder-only zero-grad-walks-its-own-set
assert encoder.weight.grad is None and decoder.weight.grad is not None

optimizer.zero_grad()
print("optimizer.zero_grad(): decoder grad", decoder.weight.grad)
# claim: shared-optimizer-clears-both-models summary-which-zero-grad
assert all(
    p.grad is None for p in [*encoder.parameters(), *decoder.parameters()]
)
