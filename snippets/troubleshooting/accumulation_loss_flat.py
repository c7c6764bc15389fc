import copy
import warnings

import torch

torch.manual_seed(0)
x, y = torch.randn(32, 4), torch.randn(32, 1)
micro_batches = list(zip(x.chunk(4), y.chunk(4)))
n = len(micro_batches)
mse = torch.nn.MSELoss()
start = torch.nn.Linear(4, 1)


def group_gradient(zero_every_micro_batch):
    model = copy.deepcopy(start)
    for xb, yb in micro_batches:
        if zero_every_micro_batch:
            model.zero_grad()
        (mse(model(xb), yb) / n).backward()
    return model.weight.grad.clone()


full = copy.deepcopy(start)
mse(full(x), y).backward()
right, wrong = group_gradient(False), group_gradient(True)
print("zero_grad() once per group:  matches the big batch:", end=" ")
print(torch.allclose(right, full.weight.grad, atol=1e-6))
print("zero_grad() per micro-batch: matches the big batch:", end=" ")
print(torch.allclose(wrong, full.weight.grad, atol=1e-6))

# 2. The scheduler stepped on every micro-batch decays n times too fast.
w = torch.nn.Parameter(torch.ones(1))
optimizer = torch.optim.SGD([w], lr=1.0)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
logged, warned_at = [], []
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for step in range(2):
        for micro_batch in range(n):
            w.sum().backward()
            if micro_batch == n - 1:
                optimizer.step()
                optimizer.zero_grad()
            # wrong: this belongs under the `if`, after optimizer.step()
            scheduler.step()
            warned_at += [(step, micro_batch)] * (len(caught) - len(warned_at))
        logged.append(scheduler.get_last_lr()[0])  # what a log would show
print(f"logged lr after each step: {logged} (once per step: 0.5, 0.25)")
# A hint only at the first call, which came before any optimizer step
print(f"warnings: {len(caught)}, at (step, micro-batch) {warned_at}")

# The check behind that warning looks at the scheduler's first call only:
# after one optimizer step, two scheduler steps in a row warn nothing.
late = torch.optim.SGD([w], lr=1.0)
late_scheduler = torch.optim.lr_scheduler.StepLR(late, step_size=1, gamma=0.5)
with warnings.catch_warnings(record=True) as late_caught:
    warnings.simplefilter("always")
    late.step()
    late_scheduler.step()
    late_scheduler.step()
print(
    "optimizer step first, then 2 scheduler steps: warnings:", len(late_caught)
)

# --- checks ---

# claim: accumulation-zero-grad-per-micro-batch-loses
assert torch.allclose(right, full.weight.grad, atol=1e-6)
# claim: accumulation-zero-grad-per-micro-batch-loses
assert not torch.allclose(wrong, full.weight.grad, atol=1e-3)
# claim: accumulation-scheduler-per-micro-batch-decays
assert optimizer.param_groups[0]["lr"] == 0.5**8
# claim: scheduler-per-micro-batch-logged-lr
assert logged == [0.5**4, 0.5**8]
# claim: scheduler-per-micro-batch-warns-once
assert len(caught) == 1 and "before `optimizer.step()`" in str(
    caught[0].message
)
# claim: scheduler-per-micro-batch-warns-once
assert warned_at == [(0, 0)]
# claim: scheduler-warning-needs-first-call-first
assert late_caught == [] and late_scheduler.get_last_lr() == [0.25]
