import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

blocks = [nn.Sequential(nn.Linear(128, 128), nn.Tanh()) for _ in range(8)]
segments = [nn.Sequential(*blocks[:4]), nn.Sequential(*blocks[4:])]
x, y = torch.randn(1024, 128), torch.randn(1024, 128)
runs = []  # calls of the first segment
handle = segments[0].register_forward_pre_hook(lambda *args: runs.append(1))
for xb, yb in zip(x.chunk(8), y.chunk(8)):
    h = xb
    for segment in segments:  # keeps the segment's input, not its insides
        h = checkpoint(segment, h, use_reentrant=False)
    (nn.functional.mse_loss(h, yb) / 8).backward()
handle.remove()
print(f"8 micro-batches: the first segment ran {len(runs)} times")

# --- checks ---

# once in the forward pass and once again in backward, per micro-batch
assert len(runs) == 16
assert all(p.grad is not None for p in segments[0].parameters())
