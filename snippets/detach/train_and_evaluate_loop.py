import torch

model = torch.nn.Linear(2, 1)
x = torch.ones(1, 2)

# One loop for both phases: operations are recorded only while training.
for train in (True, False):
    model.train(train)
    with torch.set_grad_enabled(train):
        out = model(x)
    print(f"set_grad_enabled({train}): out.requires_grad = {out.requires_grad}")

# --- checks ---

recorded = []
for train in (True, False):
    with torch.set_grad_enabled(train):
        recorded.append(model(x).requires_grad)
# claim: set-grad-enabled-switches-recording
assert recorded == [True, False]
