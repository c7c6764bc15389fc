import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)

for micro_batch in range(2):
    c = a * a * 5  # a new graph each time: no retain_graph needed
    d = c * c * b
    d.backward()
    print(f"after backward {micro_batch + 1}: a.grad =", a.grad)

a.grad = None  # what zero_grad() does to every parameter
c = a * a * 5
(c * c * b).backward()
print("after zeroing, one more backward: a.grad =", a.grad)

# --- checks ---

# claim: sum-restarts-after-none
assert a.grad.item() == 2400
# the loop again, checked after each backward
a.grad = None
for micro_batch in range(2):
    c = a * a * 5
    (c * c * b).backward()
    # claim: each-backward-adds-into-grad
    assert a.grad.item() == 2400 * (micro_batch + 1)
