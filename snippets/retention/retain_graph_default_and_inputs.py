import torch

# retain_graph defaults to create_graph:
# a graph kept for second derivatives is kept whole.
w = torch.tensor(2.0, requires_grad=True)
y = w**3
torch.autograd.grad(y, w, create_graph=True)
# No error: create_graph=True also retained the graph.
y.backward()
print("after create_graph=True, a second backward works: w.grad =", w.grad)

torch.manual_seed(0)
trunk = torch.nn.Linear(4, 4)
head = torch.nn.Linear(4, 1)
x = torch.randn(8, 4)

# inputs=[...]: only these tensors receive a gradient from this backward.
loss = head(torch.tanh(trunk(x))).pow(2).mean()
loss.backward(inputs=list(head.parameters()))
print(
    "backward(inputs=head's parameters): head.weight.grad set:",
    head.weight.grad is not None,
    "| trunk.weight.grad:",
    trunk.weight.grad,
)

# A non-leaf may be listed too: its .grad is set, nothing further back.
features = torch.tanh(trunk(x))
loss = head(features).pow(2).mean()
loss.backward(inputs=[features])
print(
    "backward(inputs=[features]): features.grad set:",
    features.grad is not None,
    "| trunk.weight.grad:",
    trunk.weight.grad,
)

# --- checks ---

# 3 w² at w = 2, from the backward that ran on the kept graph.
# claim: retain-graph-defaults-to-create-graph
assert w.grad.item() == 12
# claim: backward-inputs-limits-gradients
assert head.weight.grad is not None and trunk.weight.grad is None
# claim: backward-inputs-accepts-non-leaf
assert features.grad is not None and trunk.weight.grad is None
