import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

model = nn.Sequential(nn.Linear(256, 256), nn.Tanh(), nn.Linear(256, 1))
x, y = torch.randn(512, 256), torch.randn(512, 1)
for micro_batches, name in ((1, "one batch"), (8, "8 micro-batches")):
    with FlopCounterMode(display=False) as counter:
        for xb, yb in zip(x.chunk(micro_batches), y.chunk(micro_batches)):
            loss = nn.functional.mse_loss(model(xb), yb) / micro_batches
            loss.backward()
    flops = counter.get_total_flops()
    print(f"{name}: {flops:,} flops, forward and backward")

# --- checks ---

counts = {}
for micro_batches in (1, 8):
    with FlopCounterMode(display=False) as counter:
        for xb, yb in zip(x.chunk(micro_batches), y.chunk(micro_batches)):
            (nn.functional.mse_loss(model(xb), yb) / micro_batches).backward()
    counts[micro_batches] = counter.get_total_flops()
# 2·m·n·k per matrix multiply: the forward passes, both weight gradients and
# the second layer's input gradient (x needs none)
matmuls = 2 * 512 * 256 * (256 + 1) + 2 * 512 * 256 * (256 + 1 + 1)
# claim: micro-batches-same-flops summary-memory-not-arithmetic
assert counts[1] == counts[8] == matmuls
