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

try:
    scaler.unscale_(optimizer)
except RuntimeError as caught:
    error = caught
# claim: error-unscale-once-per-step
assert "unscale_() has already been called" in str(error)
