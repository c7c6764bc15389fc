import weakref

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(256, 256), torch.nn.ReLU(), torch.nn.Linear(256, 1)
)
x = torch.randn(64, 256)


def forward(x):
    hidden = model[1](model[0](x))  # a 64 x 256 activation
    alive = weakref.ref(hidden)  # tells whether it is still in memory
    out = model[2](hidden).sum()
    del hidden  # the code is done with it
    return out, alive


def state(alive):
    return "kept" if alive() is not None else "freed"


loss, alive = forward(x)
print("recorded, before backward:", state(alive))
loss.backward()
print("recorded, after backward: ", state(alive))
with torch.no_grad():
    out, alive = forward(x)
print("no_grad:                  ", state(alive))
with torch.inference_mode():
    out, alive = forward(x)
print("inference_mode:           ", state(alive))

# --- checks ---

loss, recorded = forward(x)
with torch.no_grad():
    out, not_recorded = forward(x)
# claim: a-recorded-graph-keeps-activations-until-backward
assert recorded() is not None and loss.grad_fn is not None
loss.backward()
# claim: a-recorded-graph-keeps-activations-until-backward
assert recorded() is None
# claim: no-grad-frees-activations-at-once
assert not_recorded() is None and out.grad_fn is None
with torch.inference_mode():
    out, not_recorded = forward(x)
# claim: no-grad-frees-activations-at-once
assert not_recorded() is None
