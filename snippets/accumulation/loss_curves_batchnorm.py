import copy

import torch

torch.manual_seed(0)
inputs = torch.randn(64, 8)
targets = inputs @ torch.randn(8, 1) + 0.1 * torch.randn(64, 1)


def full_batch_loss(model):
    """The loss on all 64 rows, each run's weights judged the same way."""
    with torch.no_grad():
        # a copy: this forward must not move the model's running statistics
        return torch.nn.functional.mse_loss(
            copy.deepcopy(model)(inputs), targets
        ).item()


def train(micro_batches, steps=20):
    # both runs start from the same weights
    torch.manual_seed(1)
    model = torch.nn.Sequential(
        torch.nn.Linear(8, 16),
        torch.nn.BatchNorm1d(16),
        torch.nn.Tanh(),
        torch.nn.Linear(16, 1),
    )
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = [full_batch_loss(model)]
    for _ in range(steps):
        for x, y in zip(
            inputs.chunk(micro_batches), targets.chunk(micro_batches)
        ):
            # BatchNorm normalizes with the statistics of these 16 rows only
            loss = torch.nn.functional.mse_loss(model(x), y) / micro_batches
            loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        losses.append(full_batch_loss(model))
    return losses


full_batch_losses = train(micro_batches=1)
accumulated_losses = train(micro_batches=4)
for step in (0, 1, 10, 20):
    print(
        f"after {step:2} steps: full batch {full_batch_losses[step]:.3f}"
        f"  4 micro-batches {accumulated_losses[step]:.3f}"
    )
gap = max(abs(f - a) for f, a in zip(full_batch_losses, accumulated_losses))
print(f"largest difference over 20 steps: {gap:.3f}")
# x axis of the figure: steps taken before each loss
steps_taken = list(range(21))

# --- checks ---

# claim: batchnorm-curves-equal-before-update
assert full_batch_losses[0] == accumulated_losses[0]
# claim: batchnorm-curves-part
assert gap > 0.005
