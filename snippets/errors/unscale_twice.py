import torch

model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
# float16 autocast, as on a GPU with "cuda": the scaler guards its gradients
scaler = torch.amp.GradScaler("cpu")
for micro_batch in range(2):
    with torch.autocast("cpu", dtype=torch.float16):
        loss = model(torch.ones(4, 2)).sum()
    scaler.scale(loss).backward()
    # unscale_ on every micro-batch: the second call raises
    try:
        scaler.unscale_(optimizer)
    except RuntimeError as error:
        print(f"RuntimeError: {error}")
        # claim: error-unscale-once-per-step
        assert "unscale_() has already been called" in str(error)
        break
else:
    raise AssertionError("a second unscale_() should have raised")
