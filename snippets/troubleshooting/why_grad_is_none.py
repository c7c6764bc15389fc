import warnings

import torch

warnings.simplefilter(
    "ignore", UserWarning
)  # reading a non-leaf's .grad warns; seen in Retention


def check(reason, tensor):
    print(f"{reason:<44} .grad = {tensor.grad}")
    assert tensor.grad is None


torch.manual_seed(0)
x = torch.randn(4, 3)

# 1. A non-leaf tensor: its gradient passes through, it is not kept.
w = torch.ones(3, requires_grad=True)
h = w * 2
(h * x).sum().backward()
check("non-leaf (w * 2)", h)

# 2. A converted copy: the leaf is the tensor before .double().
w64 = torch.ones(3, requires_grad=True).double()
(w64 * x.double()).sum().backward()
check("converted copy (.double())", w64)

# 3. A parameter this forward did not use.
model = torch.nn.ModuleDict(
    {"used": torch.nn.Linear(3, 1), "unused": torch.nn.Linear(3, 1)}
)
model["used"](x).sum().backward()
check("parameter the forward did not use", model["unused"].weight)

# 4. Part of the forward ran under no_grad(): nothing was recorded there.
encoder, head = torch.nn.Linear(3, 3), torch.nn.Linear(3, 1)
with torch.no_grad():
    features = encoder(x)
head(features).sum().backward()
check("encoder run under no_grad()", encoder.weight)
assert head.weight.grad is not None
# Under inference_mode() the same code does not even get to backward.
with torch.inference_mode():
    features = encoder(x)
try:
    head(features)
except RuntimeError as error:
    print(
        f"{'encoder run under inference_mode()':<44} "
        f"RuntimeError: {str(error)[:46]}..."
    )
    assert "Inference tensors cannot be saved for backward" in str(error)
else:
    raise AssertionError(
        "saving an inference tensor for backward should have raised"
    )

# 5. A detached path: the gradient stops at detach().
layer = torch.nn.Linear(3, 1)
(layer(x).detach().requires_grad_() * 2).sum().backward()
check("output detached before the loss", layer.weight)

# 6. zero_grad() since PyTorch 2.0, and no backward since.
layer = torch.nn.Linear(3, 1)
layer(x).sum().backward()
layer.zero_grad()
check("zero_grad() since 2.0, no backward since", layer.weight)

# 7. A frozen parameter: requires_grad_(False).
layer = torch.nn.Linear(3, 1)
layer.weight.requires_grad_(False)
layer(x).sum().backward()
check("frozen with requires_grad_(False)", layer.weight)
assert layer.bias.grad is not None  # the rest of the layer still gets gradients
