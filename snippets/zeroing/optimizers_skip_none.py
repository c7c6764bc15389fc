import torch

def train_two_steps(set_to_none):
    used = torch.nn.Parameter(torch.ones(2))
    unused = torch.nn.Parameter(torch.ones(2))  # e.g. a branch this batch did not take
    optimizer = torch.optim.AdamW([used, unused], lr=0.1, weight_decay=0.1)
    (used + unused).sum().backward()  # step 1 uses both
    optimizer.step()
    after_first = unused.detach().clone()

    optimizer.zero_grad(set_to_none=set_to_none)
    (3 * used).sum().backward()  # step 2 uses only `used`
    print(f"set_to_none={set_to_none}: unused.grad = {unused.grad}")
    optimizer.step()
    return after_first, unused.detach(), unused.grad

before, after, grad = train_two_steps(set_to_none=True)
print("  unused, step 2:", before, "->", after)
assert grad is None
assert torch.equal(before, after)  # skipped: its .grad is None

before, after, grad = train_two_steps(set_to_none=False)
print("  unused, step 2:", before, "->", after)
assert torch.equal(grad, torch.zeros(2))
assert not torch.equal(before, after)  # a zero gradient still takes a step:
assert (after < before * (1 - 0.1 * 0.1)).all()  # more than decay alone, momentum from step 1 too
