import torch

a = torch.tensor(2.0, requires_grad=True)
c = a * a  # saves a: d(a*a)/da = 2a needs it
with torch.no_grad():
    a.add_(1)  # not recorded, but the version counter moves
print("a._version =", a._version)  # private: read here to show it
try:
    c.backward()
except RuntimeError as error:
    print(f"RuntimeError: {str(error).split(' Hint:')[0]}")

b = torch.tensor(2.0, requires_grad=True)
e = b * 5  # saves nothing of b: its gradient is 5 whatever b is
with torch.no_grad():
    b.add_(1)
e.backward()
print("e = b * 5, b changed before backward: b.grad =", b.grad)

# --- checks ---

# claim: inplace-change-moves-version-counter
assert a._version == 1
try:
    c.backward()
except RuntimeError as caught:
    saved_error = caught
# claim: changed-saved-leaf-breaks-backward
assert "modified by an inplace operation" in str(saved_error)
# claim: changed-saved-leaf-breaks-backward
assert "is at version 1; expected version 0" in str(saved_error)
# claim: unsaved-leaf-change-is-harmless
assert b.grad.item() == 5.0 and b._version == 1
