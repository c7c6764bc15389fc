import warnings

import torch


def show(reason, tensor):
    print(f"{reason:<44} .grad = {tensor.grad}")


torch.manual_seed(0)
x = torch.randn(4, 3)

# 1. A non-leaf tensor: its gradient passes through, it is not kept.
w = torch.ones(3, requires_grad=True)
h = w * 2
(h * x).sum().backward()
with warnings.catch_warnings():
    # reading a non-leaf's .grad warns (see the error index)
    warnings.simplefilter("ignore", UserWarning)
    show("non-leaf (w * 2)", h)

# 2. A converted copy: the leaf is the tensor before .double().
w32 = torch.ones(3, requires_grad=True)
w64 = w32.double()
(w64 * x.double()).sum().backward()
with warnings.catch_warnings():
    warnings.simplefilter("ignore", UserWarning)
    show("converted copy (.double())", w64)

# 3. A parameter this forward did not use.
model = torch.nn.ModuleDict(
    {"used": torch.nn.Linear(3, 1), "unused": torch.nn.Linear(3, 1)}
)
model["used"](x).sum().backward()
show("parameter the forward did not use", model["unused"].weight)

# 4. Part of the forward ran under no_grad(): nothing was recorded there.
encoder, head = torch.nn.Linear(3, 3), torch.nn.Linear(3, 1)
with torch.no_grad():
    features = encoder(x)
head(features).sum().backward()
show("encoder run under no_grad()", encoder.weight)

# 5. A detached path: the gradient stops at detach().
backbone, classifier = torch.nn.Linear(3, 3), torch.nn.Linear(3, 1)
classifier(backbone(x).detach()).sum().backward()
show("backbone output detached", backbone.weight)

# 6. zero_grad() since PyTorch 2.0, and no backward since.
zeroed = torch.nn.Linear(3, 1)
zeroed(x).sum().backward()
zeroed.zero_grad()
show("zero_grad() since 2.0, no backward since", zeroed.weight)

# 7. A frozen parameter: requires_grad_(False).
frozen = torch.nn.Linear(3, 1)
frozen.weight.requires_grad_(False)
frozen(x).sum().backward()
show("frozen with requires_grad_(False)", frozen.weight)

# --- checks ---

with warnings.catch_warnings():
    warnings.simplefilter("ignore", UserWarning)
    # claim: grad-none-non-leaf
    assert h.grad is None and w.grad is not None
    # claim: grad-none-converted-copy
    assert w64.grad is None and w32.grad is not None
# claim: grad-none-unused-parameter
assert model["unused"].weight.grad is None
# claim: grad-none-under-no-grad
assert encoder.weight.grad is None and head.weight.grad is not None
# claim: grad-none-detached-path
assert backbone.weight.grad is None and classifier.weight.grad is not None
# claim: grad-none-after-zero-grad
assert zeroed.weight.grad is None
# claim: grad-none-frozen-parameter
assert frozen.weight.grad is None and frozen.bias.grad is not None
