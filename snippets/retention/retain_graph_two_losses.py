import torch

torch.manual_seed(0)
trunk = torch.nn.Linear(4, 4)
head_a, head_b = torch.nn.Linear(4, 1), torch.nn.Linear(4, 1)
model = torch.nn.ModuleList([trunk, head_a, head_b])
x = torch.randn(8, 4)


def losses():
    # Shared by both losses: tanh saves its output for backward.
    features = torch.tanh(trunk(x))
    return head_a(features).pow(2).mean(), head_b(features).pow(2).mean()


# Two losses on one trunk, backpropagated one after the other.
loss_a, loss_b = losses()
# Frees the tensors the trunk saved.
loss_a.backward()
try:
    loss_b.backward()
except RuntimeError as error:
    print(f"second loss: RuntimeError: {str(error)[:60]}...")

# This is the case retain_graph=True is for:
# keep the trunk's graph for the second loss.
model.zero_grad()
loss_a, loss_b = losses()
loss_a.backward(retain_graph=True)
loss_b.backward()
separately = trunk.weight.grad.clone()

# Usually better: one backward pass of the sum.
model.zero_grad()
loss_a, loss_b = losses()
total = loss_a + loss_b
total.backward()
summed = trunk.weight.grad.clone()
difference = (separately - summed).abs().max().item()
print("trunk gradients of the two ways differ by < 1e-6:", difference < 1e-6)

# The same single pass without the sum: several roots at once.
model.zero_grad()
torch.autograd.backward(losses())
roots = (trunk.weight.grad - summed).abs().max().item()
print(
    "torch.autograd.backward([loss_a, loss_b]): the same, < 1e-6:", roots < 1e-6
)

# --- checks ---

loss_a, loss_b = losses()
loss_a.backward()
try:
    loss_b.backward()
except RuntimeError as caught:
    freed = caught
# claim: second-loss-on-shared-trunk-raises
assert "Trying to backward through the graph a second time" in str(freed)
# How many backward passes go through the trunk: a hook on its weight's
# gradient runs once per pass.
passes = []


def count_pass(grad):
    passes.append(grad)


handle = trunk.weight.register_hook(count_pass)
loss_a, loss_b = losses()
loss_a.backward(retain_graph=True)
loss_b.backward()
# claim: retain-graph-fixes-two-losses
assert len(passes) == 2
passes.clear()
loss_a, loss_b = losses()
(loss_a + loss_b).backward()
# claim: summed-losses-one-trunk-pass
assert len(passes) == 1
handle.remove()
# Rounding only.
# claim: summed-losses-same-gradients summary-sum-of-losses
assert difference < 1e-6
# claim: several-roots-one-pass
assert roots < 1e-6
passes.clear()
handle = trunk.weight.register_hook(count_pass)
torch.autograd.backward(losses())
handle.remove()
# claim: several-roots-one-pass
assert len(passes) == 1
try:
    total.backward()
except RuntimeError as caught:
    kept_none = caught
# claim: summed-losses-keep-no-graph
assert "backward through the graph a second time" in str(kept_none)
