import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)

for micro_batch in range(2):
    c = a * a * 5
    d = c * c * b  # a new graph each time, so no retain_graph is needed
    d.backward()
    print(f"after backward {micro_batch + 1}: a.grad =", a.grad)
    assert a.grad.item() == 2400 * (
        micro_batch + 1
    )  # added to, never overwritten

a.grad = None  # what zero_grad() does to every parameter
c = a * a * 5
(c * c * b).backward()
print("after zeroing, one more backward: a.grad =", a.grad)
assert a.grad.item() == 2400
