import torch

w = torch.nn.Parameter(torch.ones(2))
optimizer = torch.optim.SGD([w], lr=0.1)
scaler = torch.amp.GradScaler("cpu")
for micro_batch in range(2):
    scaler.scale(w.sum()).backward()
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
