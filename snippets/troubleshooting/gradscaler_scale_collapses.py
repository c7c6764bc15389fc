import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
x, y = torch.randn(8, 4), torch.randn(8, 1)
x[3, 0] = float("inf")  # one bad value in the data
before = model.weight.detach().clone()
for _ in range(4):
    loss = torch.nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)  # skipped: the gradient is not finite
    scaler.update()  # and the scale is halved
    optimizer.zero_grad()
    print("loss finite:", loss.isfinite().item(), "scale:", scaler.get_scale())
print("weights moved:", not torch.equal(model.weight, before))

# --- checks ---

# claim: collapsing-scale-halves-every-skipped-step
assert scaler.get_scale() == 2.0**16 / 2**4
# claim: collapsing-scale-skips-every-step
assert torch.equal(model.weight, before)
