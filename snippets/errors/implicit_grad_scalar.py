import torch

x = torch.ones(3, requires_grad=True)
y = x * 2
try:
    y.backward()
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# Reduce to a scalar, or pass the vector of the vector-Jacobian product
y.sum().backward()
print("after y.sum().backward():", x.grad)

# --- checks ---

try:
    (x * 2).backward()
except RuntimeError as caught:
    error = caught
# claim: error-implicit-grad-needs-scalar
assert "implicitly created only for scalar outputs" in str(error)
# claim: error-implicit-grad-needs-scalar
assert x.grad.tolist() == [2.0, 2.0, 2.0]
