import io

import torch

torch.manual_seed(0)
# 8 micro-batches, 2 per optimizer step
micro_batches = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
NAMES = ("model", "optimizer", "scheduler", "scaler")


def fresh():
    """Model, optimizer, scheduler and scaler as a new process builds them."""
    torch.manual_seed(1)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
    return model, optimizer, scheduler, torch.amp.GradScaler("cpu")


def train(parts, start, stop, save_after=None):
    """Micro-batches start to stop - 1; a checkpoint after save_after."""
    model, optimizer, scheduler, scaler = parts
    checkpoint = None
    for i in range(start, stop):
        x, y = micro_batches[i]
        with torch.autocast("cpu", dtype=torch.float16):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss / 2).backward()
        if i % 2 == 1:
            scale = scaler.get_scale()
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
            if scaler.get_scale() >= scale:
                scheduler.step()
        if i == save_after:
            checkpoint = io.BytesIO()
            state = {n: p.state_dict() for n, p in zip(NAMES, parts)}
            torch.save(state, checkpoint)
    return checkpoint


def resume(checkpoint, load=NAMES):
    parts = fresh()
    checkpoint.seek(0)
    state = torch.load(checkpoint)
    for name, part in zip(NAMES, parts):
        if name in load:
            part.load_state_dict(state[name])
    return parts, state


def weights(parts):
    return parts[0].weight.detach().clone()


uninterrupted = fresh()
train(uninterrupted, 0, 8)

# A checkpoint after micro-batch 3, the end of the second group.
checkpoint = train(fresh(), 0, 8, save_after=3)
at_boundary, state = resume(checkpoint)
train(at_boundary, 4, 8)
same = torch.equal(weights(at_boundary), weights(uninterrupted))
print("checkpoint at a group boundary, resumed: the same weights:", same)
print("the scale it restored:", state["scaler"]["scale"])

# The same checkpoint, the scaler's state left out: a new GradScaler starts at
# 65536 again, overflows, and skips a step the first run took.
without_scaler, _ = resume(checkpoint, load=NAMES[:3])
print("a new GradScaler starts at:", without_scaler[3].get_scale())
train(without_scaler, 4, 8)
scaler_gap = (
    (weights(without_scaler) - weights(uninterrupted)).abs().max().item()
)
print(f"resumed without its state: the weights differ by {scaler_gap:.3f}")

# A checkpoint after micro-batch 4, the first of the third group: its gradient
# was in .grad, which no state_dict holds.
checkpoint = train(fresh(), 0, 8, save_after=4)
mid_group, _ = resume(checkpoint)
print("resumed mid-group, .grad is:", mid_group[0].weight.grad)
train(mid_group, 5, 8)
gap = (weights(mid_group) - weights(uninterrupted)).abs().max().item()
print(f"checkpoint mid-group, resumed: the weights differ by {gap:.3f}")

# --- checks ---

# claim: resume-at-group-boundary-matches summary-resume-between-groups
assert same
# two steps overflowed before the checkpoint: 65536 halved twice
# claim: scaler-state-holds-the-scale
assert state["scaler"]["scale"] == 2.0**14
# claim: scaler-state-holds-the-scale
assert without_scaler[3].get_scale() == 2.0**15 and scaler_gap > 1e-3
# claim: resume-mid-group-loses-partial-gradient
assert mid_group[0].weight.grad is None and gap > 1e-3
