import torch

torch.manual_seed(0)
batches = [torch.randn(4, 3) for _ in range(2)]

steps_done = []


def train(add_grad, set_to_none):
    steps_done.clear()
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


print("p.grad += g, default zero_grad():")
try:
    train(add_in_place, set_to_none=True)
except TypeError as error:
    print(f"TypeError: {error}")
    message = "unsupported operand type(s) for +=: 'NoneType' and 'Tensor'"
    # claim: manual-accumulation-typeerror
    assert message in str(error)
    # the first step worked: its zeros were made by hand
    # claim: manual-accumulation-first-step-runs
    assert steps_done == [1]
else:
    raise AssertionError("p.grad += g on a None gradient should have raised")

print("p.grad += g, zero_grad(set_to_none=False):")
with_zeros = train(add_in_place, set_to_none=False)
# claim: set-to-none-false-fixes-accumulation
assert steps_done == [1, 2]


def add_none_aware(p, g):
    p.grad = g if p.grad is None else p.grad + g


print("None-aware addition, default zero_grad():")
none_aware = train(add_none_aware, set_to_none=True)
# claim: none-aware-accumulation-same-result
assert torch.equal(with_zeros, none_aware)
