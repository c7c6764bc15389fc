import warnings

import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * a * 5
d = c * c * b
d.backward()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    grad_of_c = c.grad
print("c.grad =", grad_of_c)
for warning in caught:
    # Cut the last parenthesis: it names a path on PyTorch's build machine.
    message = str(warning.message).split(" (Triggered internally at")[0]
    print(f"{warning.category.__name__}: {message}")

# --- checks ---

# claim: non-leaf-grad-is-none
assert grad_of_c is None
# claim: non-leaf-grad-read-warns
assert len(caught) == 1 and caught[0].category is UserWarning
# claim: non-leaf-grad-read-warns
assert "not a leaf Tensor is being accessed" in str(caught[0].message)
# The pull request that added the warning (the versions page says so).
assert "github.com/pytorch/pytorch/pull/30531" in str(caught[0].message)
