import torch
from torch import nn
from torch.autograd.graph import save_on_cpu

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
x = torch.randn(4, 8)
model(x).sum().backward()
plain = [p.grad.clone() for p in model.parameters()]
model.zero_grad()

with save_on_cpu(pin_memory=torch.cuda.is_available()):
    loss = model(x).sum()  # what it saves for backward is kept in CPU memory
loss.backward()  # and copied back to its device here
same = all(torch.equal(a, p.grad) for a, p in zip(plain, model.parameters()))
print("save_on_cpu: the same gradients:", same)

# --- checks ---

from torch.autograd.graph import saved_tensors_hooks  # noqa: E402

# claim: save-on-cpu-same-gradients
assert same
# It is a pair of saved-tensor hooks, like the ones that count saved tensors.
# claim: save-on-cpu-is-saved-tensors-hooks
assert issubclass(save_on_cpu, saved_tensors_hooks)
# The forward pass does save tensors for the hooks to keep: Linear its input
# and weight, Tanh its output.
seen = []


def count(t):
    seen.append(t)
    return t


with saved_tensors_hooks(count, lambda t: t):
    model(x).sum()
# claim: save-on-cpu-same-gradients
assert len(seen) > 0
# Its pack hook keeps a CPU copy of the values, and its unpack hook gives
# the same values back.
hooks = save_on_cpu(pin_memory=False)
packed = hooks.pack_hook(seen[0])
unpacked = hooks.unpack_hook(packed)
# claim: save-on-cpu-same-gradients
assert unpacked.device.type == "cpu" and torch.equal(unpacked, seen[0])
