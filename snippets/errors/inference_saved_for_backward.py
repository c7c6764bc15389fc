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

# A clone is a normal tensor
head(features.clone()).sum().backward()
grad_set = head.weight.grad is not None
print("with features.clone(): head.weight.grad is set:", grad_set)

# --- checks ---

try:
    head(features)
except RuntimeError as caught:
    error = caught
# claim: error-inference-tensor-saved
assert "Inference tensors cannot be saved for backward" in str(error)
# claim: error-inference-tensor-saved
assert head.weight.grad is not None
