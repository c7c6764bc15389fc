import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
saved = []  # what autograd saves for backward inside the hooks below


def pack(t):
    saved.append(t)
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    y = x.sigmoid()  # d sigmoid = y * (1 - y) needs y
print(
    f"sigmoid saves {len(saved)} tensor; it is its own output: {saved[0] is y}"
)
saved.clear()
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    y = x * 2  # d(2x)/dx = 2 needs no tensor at all
print("x * 2 saves", len(saved), "tensors")

# An in-place change nothing saved: backward runs, the gradient is right.
y.detach().add_(5)
y.sum().backward()
print("x.grad =", x.grad)

# --- checks ---

saved.clear()
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    s = x.sigmoid()
# claim: sigmoid-saves-its-output
assert len(saved) == 1 and saved[0] is s
saved.clear()
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    x * 2
# claim: times-two-saves-nothing
assert saved == []
# claim: inplace-on-unsaved-is-harmless inplace-check-covers-saved-only
assert torch.equal(x.grad, torch.tensor([2.0, 2.0]))
