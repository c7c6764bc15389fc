import io

import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
scaler = torch.amp.GradScaler("cpu")
parts = {"model": model, "optimizer": optimizer}
parts.update(scheduler=scheduler, scaler=scaler)
checkpoint = io.BytesIO()  # a file in real training, saved between two groups
torch.save({name: p.state_dict() for name, p in parts.items()}, checkpoint)
checkpoint.seek(0)  # to resume: build the same objects, then load their state
state = torch.load(checkpoint)
for name, part in parts.items():
    part.load_state_dict(state[name])
print("the scaler's state:", state["scaler"])

# --- checks ---

assert set(state["scaler"]) >= {"scale", "_growth_tracker"}
