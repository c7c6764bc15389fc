import warnings

import torch

w = torch.ones(3, requires_grad=True).double()  # the conversion is an op
print("w.is_leaf =", w.is_leaf, " grad_fn =", type(w.grad_fn).__name__)
assert not w.is_leaf

(w * w).sum().backward()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    grad_of_w = w.grad
print("w.grad =", grad_of_w)
assert grad_of_w is None and caught[0].category is UserWarning

# Create the tensor with the dtype (and device) it needs: then it is the leaf.
w = torch.ones(3, dtype=torch.float64, requires_grad=True)
(w * w).sum().backward()
print("w.grad =", w.grad)
assert w.is_leaf and w.grad.tolist() == [2.0, 2.0, 2.0]

# Same story for a view of a parameter: the gradient lands on the parameter.
p = torch.nn.Parameter(torch.ones(2, 2))
flat = p.view(-1)
(flat * 3).sum().backward()
print("flat.is_leaf =", flat.is_leaf, " p.grad =", p.grad.tolist())
assert not flat.is_leaf and p.grad.tolist() == [[3.0, 3.0], [3.0, 3.0]]
