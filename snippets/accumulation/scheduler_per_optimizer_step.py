import warnings

import torch

ACCUMULATION_STEPS = 4
EFFECTIVE_BATCHES = 3


def final_lr(scheduler_every_micro_batch):
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
    for i in range(ACCUMULATION_STEPS * EFFECTIVE_BATCHES):
        (model(torch.randn(2, 4)).pow(2).mean() / ACCUMULATION_STEPS).backward()
        if scheduler_every_micro_batch:
            scheduler.step()
        if (i + 1) % ACCUMULATION_STEPS == 0:
            optimizer.step()
            optimizer.zero_grad()
            if not scheduler_every_micro_batch:
                scheduler.step()
    return scheduler.last_epoch, optimizer.param_groups[0]["lr"]


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    epochs, lr = final_lr(scheduler_every_micro_batch=True)
print(f"scheduler every micro-batch: {epochs} scheduler steps, lr = {lr:.4f}")
for warning in caught[:1]:
    first_sentence = str(warning.message).split(". ")[0]
    print(f"{warning.category.__name__}: {first_sentence}.")
wrong_epochs, wrong_lr, wrong_caught = epochs, lr, caught

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    epochs, lr = final_lr(scheduler_every_micro_batch=False)
print(
    f"scheduler every optimizer step: {epochs} scheduler steps, lr = {lr:.4f}"
)

# --- checks ---

# claim: scheduler-every-micro-batch-decays-fast
# claim: summary-once-per-effective-batch
assert wrong_epochs == 12 and abs(wrong_lr - 0.1 * 0.9**12) < 1e-9
warning = wrong_caught[0] if wrong_caught else None
# claim: scheduler-before-optimizer-warns
assert warning and "step()` before `optimizer.step()`" in str(warning.message)
# claim: scheduler-per-optimizer-step-right
assert epochs == EFFECTIVE_BATCHES and abs(lr - 0.1 * 0.9**3) < 1e-9
# claim: right-order-no-warning
assert not caught
