import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
z = y.detach()

print(f"y: requires_grad = {y.requires_grad}  grad_fn = {y.grad_fn.name()}")
print(
    f"z: requires_grad = {z.requires_grad}  grad_fn = {z.grad_fn}"
    f"  is_leaf = {z.is_leaf}"
)
print("same storage:", z.data_ptr() == y.data_ptr())

z[0] = 100.0  # an in-place change through z shows in y
print("y =", y)

# --- checks ---

# claim: detach-returns-leaf-without-grad
assert z is not y and not z.requires_grad and z.grad_fn is None and z.is_leaf
# claim: detach-shares-storage summary-detach-shares-storage
assert z.data_ptr() == y.data_ptr()
# claim: detach-inplace-change-shows
assert y[0].item() == 100.0
