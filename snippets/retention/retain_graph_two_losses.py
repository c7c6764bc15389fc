import torch

torch.manual_seed(0)
trunk = torch.nn.Linear(4, 4)
head_a, head_b = torch.nn.Linear(4, 1), torch.nn.Linear(4, 1)
x = torch.randn(8, 4)


def losses():
    features = torch.tanh(
        trunk(x)
    )  # shared: tanh saves its output for backward
    return head_a(features).pow(2).mean(), head_b(features).pow(2).mean()


def trunk_grad():
    grad = trunk.weight.grad.clone()
    for module in (trunk, head_a, head_b):
        module.zero_grad()
    return grad


# Two losses on one trunk, backwarded one after the other.
loss_a, loss_b = losses()
loss_a.backward()  # frees the trunk's saved tensors
try:
    loss_b.backward()
except RuntimeError as error:
    print(f"second loss: RuntimeError: {str(error)[:60]}...")
    assert "Trying to backward through the graph a second time" in str(error)
else:
    raise AssertionError("the second loss should have needed retain_graph=True")
trunk_grad()

# This is the case retain_graph=True is for:
# keep the trunk's graph for the second loss.
loss_a, loss_b = losses()
loss_a.backward(retain_graph=True)
loss_b.backward()
separately = trunk_grad()

# Usually better: one backward of the sum, one pass through the trunk.
loss_a, loss_b = losses()
(loss_a + loss_b).backward()
together = trunk_grad()
difference = (separately - together).abs().max().item()
assert difference < 1e-6  # rounding only
print(
    "retain_graph=True vs (loss_a + loss_b).backward(): "
    "trunk grads differ by < 1e-06"
)

# retain_graph defaults to create_graph:
# a graph kept for second derivatives is kept whole.
loss_a, _ = losses()
torch.autograd.grad(loss_a, trunk.weight, create_graph=True)
loss_a.backward()  # no error: create_graph=True also retained the graph
trunk_grad()

# inputs=[...]: only these leaves receive a gradient from this backward.
loss_a, loss_b = losses()
loss_b.backward(inputs=[*head_b.parameters()])
print(
    "backward(inputs=head_b params): head_b grad set:",
    head_b.weight.grad is not None,
    "| trunk.weight.grad:",
    trunk.weight.grad,
)
assert head_b.weight.grad is not None and trunk.weight.grad is None
