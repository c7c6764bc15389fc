import copy
import warnings

import torch

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
model = torch.nn.Linear(4, 1)
reference = copy.deepcopy(model)
ACCUMULATION_STEPS = 4
# the full-batch gradient in float32, no autocast, no scaling
torch.nn.functional.mse_loss(reference(x), y).backward()


def accumulate(model, scaler):
    for xb, yb in zip(x.chunk(ACCUMULATION_STEPS), y.chunk(ACCUMULATION_STEPS)):
        with torch.autocast("cpu", dtype=torch.float16):
            loss = torch.nn.functional.mse_loss(model(xb), yb)
        scaler.scale(loss / ACCUMULATION_STEPS).backward()


optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
without_unscale = copy.deepcopy(model)
accumulate(model, scaler)
initial_scale = scaler.get_scale()
print(f"scale {initial_scale:.0f}: .grad holds the gradient times it")
ratio = (model.weight.grad / reference.weight.grad).mean().item()
print(
    "grad / full-batch gradient within 1% of 65536:",
    abs(ratio / 2**16 - 1) < 0.01,
)

scaler.unscale_(optimizer)
diff = (model.weight.grad - reference.weight.grad).abs().max().item()
print("after unscale_(): the full-batch gradient, diff < 1e-2:", diff < 1e-2)

try:
    scaler.unscale_(optimizer)
except RuntimeError as error:
    message = str(error)
    print(f"RuntimeError: {message}")

scaler.step(optimizer)
scaler.update()
scale_after_update = scaler.get_scale()
print(f"scale after update(): {scale_after_update:.0f}")

# Without unscale_(), step() unscales by itself: the same update.
other_scaler = torch.amp.GradScaler("cpu")
accumulate(without_unscale, other_scaler)
other_scaler.step(torch.optim.SGD(without_unscale.parameters(), lr=0.1))
other_scaler.update()
same = all(
    torch.equal(p, q)
    for p, q in zip(without_unscale.parameters(), model.parameters())
)
print("step() without unscale_() gives the same weights:", same)

# update() doubles the scale after growth_interval steps in a row without an
# overflow (2000 by default): 3 here, to see it
grower = torch.amp.GradScaler("cpu", growth_interval=3)
scales = []
for _ in range(3):
    accumulate(model, grower)
    grower.step(optimizer)
    grower.update()
    optimizer.zero_grad()
    scales.append(grower.get_scale())
print("growth_interval=3, scale after each step:", scales)
print("growth_interval by default:", scaler.get_growth_interval())

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # the spelling from before torch.amp
    torch.cuda.amp.GradScaler()
for warning in caught[:1]:
    print(f"{warning.category.__name__}: {warning.message}")

# --- checks ---

# claim: gradscaler-initial-scale
assert initial_scale == 2.0**16
# claim: scaled-grad-is-scale-times-gradient
assert abs(ratio / 2**16 - 1) < 0.01
# claim: unscale-gives-real-gradient
assert diff < 1e-2
# claim: second-unscale-raises summary-once-per-effective-batch
assert "unscale_() has already been called" in message
# claim: update-keeps-scale-without-overflow
assert scale_after_update == 2.0**16 and scales[:2] == [2.0**16, 2.0**16]
# claim: update-doubles-after-growth-interval
assert scales[2] == 2.0**17 and scaler.get_growth_interval() == 2000
# claim: step-unscales-by-itself
assert same
warning = caught[0] if caught else None
# claim: cuda-amp-gradscaler-deprecated
assert warning and warning.category is FutureWarning
assert "is deprecated" in str(warning.message)
