import torch

w = torch.nn.Parameter(torch.ones(2))
optimizer = torch.optim.AdamW([w], lr=0.1, weight_decay=0.1)
for set_to_none in (True, False):
    w.sum().backward()
    optimizer.step()
    optimizer.zero_grad(set_to_none=set_to_none)
    before = w.detach().clone()
    optimizer.step()  # a step in which w got no gradient
    moved = not torch.equal(before, w)
    print(f"set_to_none={set_to_none}: .grad {w.grad}, w moved: {moved}")

# --- checks ---


def moves_without_gradient(set_to_none):
    w.sum().backward()
    optimizer.step()
    optimizer.zero_grad(set_to_none=set_to_none)
    before = w.detach().clone()
    optimizer.step()
    return not torch.equal(before, w)


# claim: optimizers-skip-none-grad
assert not moves_without_gradient(set_to_none=True) and w.grad is None
# claim: zero-grad-step-moves
assert moves_without_gradient(set_to_none=False)
assert torch.equal(w.grad, torch.zeros(2))
