import torch


@torch.compile(backend="aot_eager", fullgraph=True)
def retained(x):
    c = x * x
    c.retain_grad()
    return (c * 3).sum()


try:
    retained(torch.tensor(2.0, requires_grad=True))
except torch._dynamo.exc.Unsupported as error:
    print(f"Unsupported: {str(error).splitlines()[0]}")

# --- checks ---

try:
    retained(torch.tensor(2.0, requires_grad=True))
except torch._dynamo.exc.Unsupported as caught:
    error = caught
# claim: compiled-retain-grad-unsupported
assert "retain_grad" in str(error).splitlines()[0]


@torch.compile(backend="aot_eager")  # without fullgraph=True
def retained_by_default(x):
    c = x * x
    c.retain_grad()
    return (c * 3).sum(), c


loss, c = retained_by_default(torch.tensor(2.0, requires_grad=True))
loss.backward()
# claim: compiled-retain-grad-default-runs-eagerly
assert c.grad.item() == 3.0
# claim: compiled-retain-grad-default-runs-eagerly
assert type(loss.grad_fn).__name__ == "SumBackward0"
