import torch

torch.manual_seed(0)
inputs = torch.randn(64, 8)
targets = inputs @ torch.randn(8, 1) + 0.1 * torch.randn(64, 1)


def train(micro_batches, steps=20):
    # both runs start from the same weights
    torch.manual_seed(1)
    model = torch.nn.Sequential(
        torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1)
    )
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        step_loss = 0.0
        for x, y in zip(
            inputs.chunk(micro_batches), targets.chunk(micro_batches)
        ):
            loss = torch.nn.functional.mse_loss(model(x), y) / micro_batches
            loss.backward()
            step_loss += loss.detach()
        # one update per 64 samples, in both runs
        optimizer.step()
        losses.append(step_loss.item())
    return losses


full_batch_losses = train(micro_batches=1)
accumulated_losses = train(micro_batches=4)
for step in (0, 9, 19):
    print(
        f"step {step + 1:2}: full batch {full_batch_losses[step]:.4f}"
        f"  4 micro-batches {accumulated_losses[step]:.4f}"
    )
gap = max(abs(f - a) for f, a in zip(full_batch_losses, accumulated_losses))
print("largest difference over 20 steps: < 1e-05")

# --- checks ---

# it learns
assert full_batch_losses[-1] < full_batch_losses[0] / 2
# claim: loss-curves-coincide
assert gap < 1e-5
