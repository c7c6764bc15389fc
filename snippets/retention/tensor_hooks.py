import torch

x = torch.tensor(2.0, requires_grad=True)
c = x * x
loss = c * 3

seen = []
handle = c.register_hook(
    lambda grad: seen.append(grad.item())
)  # returns None: grad unchanged
loss.backward(retain_graph=True)
print("the hook saw the gradient flowing into c:", seen, "| x.grad =", x.grad)
assert seen == [3.0] and x.grad.item() == 12  # d(3c)/dc = 3, dc/dx = 2x = 4
assert not c.retains_grad  # seen in passing, not stored in c.grad

handle.remove()
loss.backward()  # the same graph again: the hook is gone
print("after handle.remove():", seen, "| x.grad =", x.grad)
assert seen == [3.0] and x.grad.item() == 24

# A hook that returns a tensor replaces the gradient from there on.
x.grad = None
c = x * x
loss = c * 3
c.register_hook(lambda grad: grad * 10)
loss.backward()
print("a hook returning grad * 10: x.grad =", x.grad)
assert x.grad.item() == 120

# A leaf's post-accumulate-grad hook runs once .grad holds the new gradient:
# the place to update a parameter during backward ("optimizer in backward").
w = torch.tensor(1.0, requires_grad=True)
updates = []


def sgd_in_backward(param):
    updates.append(param.grad.item())
    with torch.no_grad():
        param -= 0.1 * param.grad
    param.grad = None  # used up: no gradient kept until the next step


w.register_post_accumulate_grad_hook(sgd_in_backward)
(w * 5).backward()
print(
    "post-accumulate hook saw",
    updates,
    "| w =",
    round(w.item(), 6),
    "| w.grad =",
    w.grad,
)
assert updates == [5.0] and abs(w.item() - 0.5) < 1e-6 and w.grad is None
