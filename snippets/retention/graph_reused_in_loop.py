import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
features = torch.tanh(model(torch.randn(8, 4)))  # built once, outside the loop

try:
    for step in range(2):
        loss = features.pow(2).mean()
        loss.backward()  # step 1 walks the graph of step 0 again
except RuntimeError as error:
    print(f"step {step}: RuntimeError: {str(error)[:60]}...")
    assert step == 1 and "backward through the graph a second time" in str(error)
else:
    raise AssertionError("reusing the graph across steps should have raised")

# Fix: build the graph inside the loop, so every backward has its own.
model.zero_grad()
inputs = torch.randn(8, 4)
for step in range(2):
    loss = torch.tanh(model(inputs)).pow(2).mean()
    loss.backward()
print("two steps, two graphs: weight.grad is set:", model.weight.grad is not None)
assert model.weight.grad is not None
