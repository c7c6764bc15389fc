import torch

model = torch.nn.Linear(3, 3)
with torch.inference_mode():
    features = model(torch.ones(2, 3))
head = torch.nn.Linear(3, 1)
try:
    # Linear saves its input for the weight's gradient: the forward fails
    output = head(features)
except RuntimeError as error:
    print(f"RuntimeError: {error}")
    # claim: error-inference-tensor-saved
    assert "Inference tensors cannot be saved for backward" in str(error)
else:
    raise AssertionError("saving an inference tensor should have raised")

# A clone is a normal tensor
head(features.clone()).sum().backward()
print(
    "with features.clone(): head.weight.grad is set:",
    head.weight.grad is not None,
)
# claim: error-inference-tensor-saved
assert head.weight.grad is not None
