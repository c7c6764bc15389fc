import torch

encoder = torch.nn.Linear(3, 4)
decoder = torch.nn.Linear(4, 3)
params = [*encoder.parameters(), *decoder.parameters()]
optimizer = torch.optim.Adam(params, lr=1e-3)
x = torch.ones(2, 3)
torch.nn.functional.mse_loss(decoder(encoder(x)), x).backward()
encoder.zero_grad()
print("encoder.zero_grad(): encoder grad", encoder.weight.grad)
print("  decoder grad kept:", decoder.weight.grad is not None)
optimizer.zero_grad()
print("optimizer.zero_grad(): decoder grad", decoder.weight.grad)

# --- checks ---

torch.nn.functional.mse_loss(decoder(encoder(x)), x).backward()
encoder.zero_grad()
# claim: encoder-zero-grad-clears-encoder-only zero-grad-walks-its-own-set
assert encoder.weight.grad is None and decoder.weight.grad is not None
optimizer.zero_grad()
# claim: shared-optimizer-clears-both-models summary-which-zero-grad
assert all(p.grad is None for p in params)
