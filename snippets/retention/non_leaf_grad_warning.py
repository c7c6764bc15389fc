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
assert grad_of_c is None
print(
    f"{caught[0].category.__name__}: {caught[0].message}".split(
        " (Triggered internally at"
    )[0]
)  # no build-machine path
assert caught[0].category is UserWarning
assert "not a leaf Tensor is being accessed" in str(caught[0].message)
assert "github.com/pytorch/pytorch/pull/30531" in str(
    caught[0].message
)  # the PR that added it
