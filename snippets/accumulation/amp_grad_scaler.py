import copy
import warnings

import torch

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
model = torch.nn.Linear(4, 1)
reference = copy.deepcopy(model)
loss_fn = torch.nn.MSELoss()
ACCUMULATION_STEPS = 4

loss_fn(reference(x), y).backward()  # the full-batch gradient, no scaling

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler(
    "cpu"
)  # on a GPU: GradScaler("cuda"), with autocast in the forward
for i, (xb, yb) in enumerate(
    zip(x.chunk(ACCUMULATION_STEPS), y.chunk(ACCUMULATION_STEPS))
):
    loss = loss_fn(model(xb), yb) / ACCUMULATION_STEPS
    scaler.scale(loss).backward()  # every micro-batch, with the same scale
print(
    f"scale {scaler.get_scale():.0f}: .grad holds the gradient times the scale"
)
assert scaler.get_scale() == 2.0**16
ratio = (model.weight.grad / reference.weight.grad).mean().item()
print(f".grad / full-batch gradient = {ratio:.0f}")
assert abs(ratio - 2.0**16) < 1

without_unscale = copy.deepcopy(
    model
)  # for later: the same state, stepped without unscale_()
scaler.unscale_(
    optimizer
)  # optional: only to read or clip the real gradients before step()
diff = (model.weight.grad - reference.weight.grad).abs().max().item()
print(f"after unscale_(): difference to the full-batch gradient {diff:.1e}")
assert diff < 1e-6

try:
    scaler.unscale_(optimizer)  # a second call before update() is refused
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    assert (
        "unscale_() has already been called on this optimizer"
        " since the last update()" in str(error)
    )
else:
    raise AssertionError("a second unscale_ should have raised")

scaler.step(optimizer)  # skips the step if a gradient is inf or nan
scaler.update()  # once per effective batch
optimizer.zero_grad()
print(f"scale after update(): {scaler.get_scale():.0f}")
assert scaler.get_scale() == 2.0**16  # no overflow: the scale stays

# Without unscale_(), step() unscales by itself: the same update.
other_optimizer = torch.optim.SGD(without_unscale.parameters(), lr=0.1)
other_scaler = torch.amp.GradScaler("cpu")
# its copied .grad is dropped: accumulate again from scratch
without_unscale.zero_grad()
for xb, yb in zip(x.chunk(ACCUMULATION_STEPS), y.chunk(ACCUMULATION_STEPS)):
    other_scaler.scale(
        loss_fn(without_unscale(xb), yb) / ACCUMULATION_STEPS
    ).backward()
other_scaler.step(other_optimizer)  # no unscale_() before it
other_scaler.update()
same = all(
    torch.allclose(p, q, atol=1e-7)
    for p, q in zip(without_unscale.parameters(), model.parameters())
)
print("step() without unscale_() gives the same weights:", same)
assert same

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.cuda.amp.GradScaler()  # the spelling from before torch.amp
print(f"{caught[0].category.__name__}: {caught[0].message}")
assert caught[0].category is FutureWarning and "is deprecated" in str(
    caught[0].message
)
