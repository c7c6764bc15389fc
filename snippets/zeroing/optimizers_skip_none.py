import torch


def unused_moves(make_optimizer, set_to_none):
    """Does `unused` move in a step whose forward pass does not use it?"""
    used = torch.nn.Parameter(torch.ones(2, 2))
    unused = torch.nn.Parameter(torch.ones(2, 2))  # a branch a batch skipped
    optimizer = make_optimizer([used, unused])

    def closure(loss_of):  # LBFGS needs one; the others accept it
        def run():
            optimizer.zero_grad(set_to_none=set_to_none)
            loss = loss_of(used, unused)
            loss.backward()
            return loss

        return run

    optimizer.step(closure(lambda u, v: ((u + 2 * v) ** 2).sum()))  # both
    before = unused.detach().clone()
    optimizer.step(closure(lambda u, v: ((3 * u) ** 2).sum()))  # `used` only
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
    "RMSprop": lambda params: torch.optim.RMSprop(params, lr=0.1),
    "LBFGS": lambda params: torch.optim.LBFGS(params, lr=0.1, max_iter=3),
}
print(f"{'optimizer':<24} {'grad None':<11} grad zeros")
moved = {}
for name, make in OPTIMIZERS.items():
    moved[name] = (unused_moves(make, True), unused_moves(make, False))
    on_none, on_zeros = ("moves" if m else "stays" for m in moved[name])
    print(f"{name:<24} {on_none:<11} {on_zeros}")

# --- checks ---

import inspect  # noqa: E402

# Every optimizer class torch.optim has, tried the same way (Muon takes 2-D
# parameters, which these are); SparseAdam, which takes sparse gradients
# only, with embeddings below.
every = {
    name: cls
    for name, cls in vars(torch.optim).items()
    if inspect.isclass(cls)
    and issubclass(cls, torch.optim.Optimizer)
    and cls not in (torch.optim.Optimizer, torch.optim.SparseAdam)
}
skip = {
    name: not unused_moves(lambda p, cls=cls: cls(p, lr=0.1), True)
    for name, cls in every.items()
}
assert len(every) >= 10 and "Adam" in every and "LBFGS" in every
used, unused = (torch.nn.Embedding(4, 2, sparse=True) for _ in range(2))
sparse_adam = torch.optim.SparseAdam([used.weight, unused.weight], lr=0.1)
rows = torch.tensor([0, 1])
(used(rows) + unused(rows)).sum().backward()
sparse_adam.step()
before = unused.weight.detach().clone()
sparse_adam.zero_grad()
used(rows).sum().backward()
sparse_adam.step()
skip["SparseAdam"] = torch.equal(before, unused.weight.detach())
# claim: optimizers-skip-none-grad
assert all(skipped for name, skipped in skip.items() if name != "LBFGS")
# claim: optimizers-skip-none-grad
assert not any(
    on_none for name, (on_none, _) in moved.items() if name != "LBFGS"
)
# LBFGS reads None as zeros, and its curvature estimate couples parameters.
# claim: lbfgs-moves-none-grad
assert not skip["LBFGS"] and moved["LBFGS"] == (True, True)
# plain SGD: lr * 0 changes nothing
# claim: plain-sgd-zero-grad-stays
assert moved["SGD"][1] is False
# momentum and Adam's moment estimates move it on a zero gradient once an
# earlier step has made their state non-zero; weight decay moves it anyway
# claim: zero-grad-step-moves summary-zero-step-depends
assert (
    moved["SGD, momentum=0.9"][1]
    and moved["Adam"][1]
    and moved["AdamW, weight_decay=0.1"][1]
)


def first_step_on_zeros_moves(optimizer_class, **options):
    """A fresh optimizer (no state yet), a zero gradient: does p move?"""
    p = torch.nn.Parameter(torch.ones(2))
    p.grad = torch.zeros(2)
    optimizer_class([p], lr=0.1, **options).step()
    return not torch.equal(p.detach(), torch.ones(2))


# claim: zero-grad-step-moves summary-zero-step-depends
assert not first_step_on_zeros_moves(torch.optim.SGD, momentum=0.9)
# claim: zero-grad-step-moves summary-zero-step-depends
assert not first_step_on_zeros_moves(torch.optim.Adam)
# claim: zero-grad-step-moves summary-zero-step-depends
assert first_step_on_zeros_moves(torch.optim.AdamW, weight_decay=0.1)
