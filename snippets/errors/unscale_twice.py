import torch

model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
# float16 autocast, as on a GPU with "cuda": the scaler guards its gradients
scaler = torch.amp.GradScaler("cpu")
for micro_batch in range(2):
    with torch.autocast("cpu", dtype=torch.float16):
        loss = model(torch.ones(4, 2)).sum()
    scaler.scale(loss).backward()
    try:
        scaler.unscale_(optimizer)  # on every micro-batch: the second raises
    except RuntimeError as error:
        print(f"RuntimeError: {error}")
        break

# --- checks ---


def unscale_error(optimizer):
    try:
        scaler.unscale_(optimizer)
    except RuntimeError as caught:
        return str(caught)


# claim: error-unscale-once-per-step
assert "unscale_() has already been called" in unscale_error(optimizer)
# update() ends the step: the next one may unscale again, once.
scaler.step(optimizer)
scaler.update()
with torch.autocast("cpu", dtype=torch.float16):
    loss = model(torch.ones(4, 2)).sum()
scaler.scale(loss).backward()
# claim: error-unscale-once-per-step
assert unscale_error(optimizer) is None
# Once per optimizer: a second optimizer is unscaled on its own.
head = torch.nn.Linear(1, 1)
other = torch.optim.SGD(head.parameters(), lr=0.1)
with torch.autocast("cpu", dtype=torch.float16):
    loss = head(model(torch.ones(4, 2))).sum()
scaler.scale(loss).backward()
# claim: error-unscale-once-per-step
assert unscale_error(other) is None and unscale_error(other)
