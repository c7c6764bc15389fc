import torch
from torch.autograd.graph import save_on_cpu

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1)
)
x = torch.randn(4, 8)

model(x).sum().backward()
plain = [p.grad.clone() for p in model.parameters()]
model.zero_grad()

# What the forward pass saves for backward is kept in CPU memory,
# and copied back to its device when backward needs it.
with save_on_cpu(pin_memory=False):
    loss = model(x).sum()
loss.backward()
same = all(torch.equal(a, p.grad) for a, p in zip(plain, model.parameters()))
print("save_on_cpu: the same gradients:", same)

# --- checks ---

from torch.autograd.graph import saved_tensors_hooks  # noqa: E402

# claim: save-on-cpu-same-gradients
assert same
# It is a pair of saved-tensor hooks, like the ones that count saved tensors.
# claim: save-on-cpu-is-saved-tensors-hooks
assert issubclass(save_on_cpu, saved_tensors_hooks)
