import torch

torch.manual_seed(0)
batches = [torch.randn(4, 3) for _ in range(2)]


def train(add_grad, set_to_none):
    torch.manual_seed(1)
    model = torch.nn.Linear(3, 1)
    params = list(model.parameters())
    optimizer = torch.optim.SGD(params, lr=0.1)
    # set up once, as much pre-2.0 code did
    for p in params:
        p.grad = torch.zeros_like(p)
    for step, x in enumerate(batches, start=1):
        loss = model(x).pow(2).mean()
        for p, g in zip(params, torch.autograd.grad(loss, params)):
            add_grad(p, g)
        optimizer.step()
        optimizer.zero_grad(set_to_none=set_to_none)
        steps_done.append(step)
        print(f"  step {step} done, weight.grad is now {model.weight.grad}")
    return model.weight.detach()


def add_in_place(p, g):
    p.grad += g


def add_none_aware(p, g):
    if p.grad is None:
        p.grad = g.clone()
    else:
        p.grad.add_(g)


steps_done = []
print("p.grad += g, default zero_grad():")
try:
    train(add_in_place, set_to_none=True)
except TypeError as error:
    message = str(error)
    print(f"TypeError: {message}")
steps_before_the_error = list(steps_done)

steps_done.clear()
print("p.grad += g, zero_grad(set_to_none=False):")
with_zeros = train(add_in_place, set_to_none=False)
steps_with_zeros = list(steps_done)

print("None-aware addition, default zero_grad():")
none_aware = train(add_none_aware, set_to_none=True)

# --- checks ---

# claim: manual-accumulation-typeerror
assert "unsupported operand type(s) for +=: 'NoneType' and 'Tensor'" in message
# the first step worked: its zeros were made by hand
# claim: manual-accumulation-first-step-runs
assert steps_before_the_error == [1]
# claim: set-to-none-false-fixes-accumulation
assert steps_with_zeros == [1, 2]
# claim: none-aware-accumulation-same-result
assert torch.equal(with_zeros, none_aware)
