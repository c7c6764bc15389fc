import torch

torch.manual_seed(0)
trunk = torch.nn.Linear(4, 4)
head_a, head_b = torch.nn.Linear(4, 1), torch.nn.Linear(4, 1)
x = torch.randn(8, 4)
trunk_passes = []


def count_pass(grad):
    trunk_passes.append(1)


def losses():
    # Shared: tanh saves its output for backward.
    features = torch.tanh(trunk(x))
    features.register_hook(count_pass)
    loss_a = head_a(features).pow(2).mean()
    loss_b = head_b(features).pow(2).mean()
    return features, loss_a, loss_b


def trunk_grad():
    grad = trunk.weight.grad.clone()
    for module in (trunk, head_a, head_b):
        module.zero_grad()
    trunk_passes.clear()
    return grad


# Two losses on one trunk, backpropagated one after the other.
_, loss_a, loss_b = losses()
# Frees the trunk's saved tensors.
loss_a.backward()
try:
    loss_b.backward()
except RuntimeError as error:
    print(f"second loss: RuntimeError: {str(error)[:60]}...")
    # claim: second-loss-on-shared-trunk-raises
    assert "Trying to backward through the graph a second time" in str(error)
else:
    raise AssertionError("the second loss should have needed retain_graph=True")
trunk_grad()

# This is the case retain_graph=True is for:
# keep the trunk's graph for the second loss.
_, loss_a, loss_b = losses()
loss_a.backward(retain_graph=True)
loss_b.backward()
print("retain_graph=True: passes through the trunk:", len(trunk_passes))
# claim: retain-graph-fixes-two-losses
assert len(trunk_passes) == 2
separately = trunk_grad()

# Usually better: one backward of the sum.
_, loss_a, loss_b = losses()
total = loss_a + loss_b
total.backward()
print("(loss_a + loss_b).backward(): passes:", len(trunk_passes))
# claim: summed-losses-one-trunk-pass
assert len(trunk_passes) == 1
together = trunk_grad()
# Rounding only.
# claim: summed-losses-same-gradients summary-sum-of-losses
assert (separately - together).abs().max().item() < 1e-6
print("trunk grads of the two ways differ by < 1e-06")
try:
    total.backward()
except RuntimeError as error:
    # claim: summed-losses-keep-no-graph
    assert "backward through the graph a second time" in str(error)
else:
    raise AssertionError("the graph of the sum should have been freed")

# retain_graph defaults to create_graph:
# a graph kept for second derivatives is kept whole.
_, loss_a, _ = losses()
torch.autograd.grad(loss_a, trunk.weight, create_graph=True)
# No error: create_graph=True also retained the graph.
loss_a.backward()
print("after create_graph=True, a second backward works")
# claim: retain-graph-defaults-to-create-graph
assert trunk.weight.grad is not None
trunk_grad()

# inputs=[...]: only these tensors receive a gradient from this backward.
_, _, loss_b = losses()
loss_b.backward(inputs=[*head_b.parameters()])
print(
    "backward(inputs=head_b params): head_b grad set:",
    head_b.weight.grad is not None,
    "| trunk.weight.grad:",
    trunk.weight.grad,
)
# claim: backward-inputs-limits-gradients
assert head_b.weight.grad is not None and trunk.weight.grad is None
head_b.zero_grad()

# A non-leaf may be listed too: its .grad is set, nothing below it.
features, _, loss_b = losses()
loss_b.backward(inputs=[features])
# claim: backward-inputs-accepts-non-leaf
assert features.grad is not None and trunk.weight.grad is None
print(
    "backward(inputs=[features]): features.grad set:",
    features.grad is not None,
    "| trunk.weight.grad:",
    trunk.weight.grad,
)
