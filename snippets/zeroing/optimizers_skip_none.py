import torch


def step_2_moves_unused(make_optimizer, set_to_none):
    """Does `unused` move in step 2, where the forward does not use it?"""
    used = torch.nn.Parameter(torch.ones(2))
    # e.g. a branch this batch did not take
    unused = torch.nn.Parameter(torch.ones(2))
    optimizer = make_optimizer([used, unused])
    (used + unused).sum().backward()  # step 1 uses both
    optimizer.step()
    before = unused.detach().clone()

    optimizer.zero_grad(set_to_none=set_to_none)
    (3 * used).sum().backward()  # step 2 uses only `used`
    optimizer.step()
    return not torch.equal(before, unused.detach())


OPTIMIZERS = {
    "SGD": lambda params: torch.optim.SGD(params, lr=0.1),
    "SGD, momentum=0.9": lambda params: torch.optim.SGD(
        params, lr=0.1, momentum=0.9
    ),
    "Adam": lambda params: torch.optim.Adam(params, lr=0.1),
    "AdamW, weight_decay=0.1": lambda params: torch.optim.AdamW(
        params, lr=0.1, weight_decay=0.1
    ),
}
print(f"{'optimizer':<24} {'grad None':<11} grad zeros")
moved = {}
for name, make in OPTIMIZERS.items():
    moved[name] = (
        step_2_moves_unused(make, True),
        step_2_moves_unused(make, False),
    )
    print(
        f"{name:<24} {'moves' if moved[name][0] else 'stays':<11} "
        f"{'moves' if moved[name][1] else 'stays'}"
    )

# --- checks ---

# every one skips a None gradient
# claim: optimizers-skip-none-grad
assert not any(on_none for on_none, _ in moved.values())
# plain SGD: lr * 0 changes nothing
# claim: plain-sgd-zero-grad-stays
assert moved["SGD"][1] is False
# momentum, Adam's moment estimates and decoupled weight decay
# move it on a zero gradient
# claim: zero-grad-step-moves summary-zero-step-depends
assert (
    moved["SGD, momentum=0.9"][1]
    and moved["Adam"][1]
    and moved["AdamW, weight_decay=0.1"][1]
)
