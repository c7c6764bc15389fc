import warnings

import torch

w = torch.tensor(3.0, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.set_warn_always(
        True
    )  # otherwise PyTorch gives this warning once per process
    (w**3).backward(create_graph=True)  # keeps a graph, for second derivatives
    torch.set_warn_always(False)
print(
    f"{caught[0].category.__name__}: {caught[0].message}".split(
        " (Triggered internally"
    )[0]
)
assert "create_graph=True will create a reference cycle" in str(
    caught[0].message
)

print("w.grad =", w.grad.item(), " grad_fn =", type(w.grad.grad_fn).__name__)
assert (
    w.grad.item() == 27 and w.grad.grad_fn is not None
)  # the gradient is in a graph

w.grad.detach_()  # what old zero_grad code did before zero_()
print("after w.grad.detach_(): grad_fn =", w.grad.grad_fn)
assert w.grad.grad_fn is None
