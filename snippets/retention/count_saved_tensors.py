import torch

x = torch.ones(3, requires_grad=True)
data = torch.full((3,), 2.0)  # needs no gradient


def backward_twice(make):
    """Count what make() saves for backward, then backpropagate twice."""
    saved = []

    def pack(t):
        saved.append(t)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = make()
    out.backward()
    try:
        out.backward()
        return len(saved), "works"
    except RuntimeError:
        return len(saved), "raises"


operations = {
    "(x + 1).sum()": lambda: (x + 1).sum(),
    "x.view(3, 1).sum()": lambda: x.view(3, 1).sum(),
    "x.exp().sum()": lambda: x.exp().sum(),
    "(x * data).sum()": lambda: (x * data).sum(),
    "(x * x).sum()": lambda: (x * x).sum(),
    "(x * 2).sum()": lambda: (x * 2).sum(),
}
for name, make in operations.items():
    count, second = backward_twice(make)
    print(f"{name:19} saves {count} tensor(s); a second backward {second}")

# --- checks ---

# The hooks see every tensor these operations save: a second backward raises
# exactly for the graphs that saved one.
for name, make in operations.items():
    if name == "(x * 2).sum()":
        continue
    count, second = backward_twice(make)
    # claim: second-backward-error-needs-saved-tensors
    # claim: saved-count-predicts-second-backward
    assert (second == "raises") == (count > 0)
# x * 2 saves its Python number 2 as a tensor, which the hooks do not see.
times_two = (x * 2).sum().grad_fn.next_functions[0][0]
# claim: hooks-miss-saved-python-number
assert times_two.name() == "MulBackward0"
# claim: hooks-miss-saved-python-number
assert torch.equal(times_two._saved_other, torch.tensor(2))
# claim: hooks-miss-saved-python-number
assert backward_twice(operations["(x * 2).sum()"]) == (0, "raises")


def saved_by(make):
    saved = []

    def pack(t):
        saved.append(t)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        make()
    return saved


# For each factor that needs a gradient, mul saves the other factor.
other = torch.full((3,), 3.0, requires_grad=True)
# claim: mul-saves-both-inputs
assert [t is data for t in saved_by(lambda: x * data)] == [True]
# claim: mul-saves-both-inputs
assert [t is data for t in saved_by(lambda: data * x)] == [True]
# claim: mul-saves-both-inputs
assert {id(t) for t in saved_by(lambda: x * other)} == {id(x), id(other)}
