import torch

with torch.inference_mode():
    running_mean = torch.zeros(3)
try:
    running_mean.add_(1.0)
except RuntimeError as error:
    print(f"RuntimeError: {error}")

# Inside inference_mode() the same update is allowed
with torch.inference_mode():
    running_mean.mul_(0.9)
print(
    "inside inference_mode(): no error; is_inference():",
    running_mean.is_inference(),
)

# --- checks ---

try:
    running_mean.add_(1.0)
except RuntimeError as caught:
    error = caught
# claim: error-inference-tensor-inplace-outside
assert "Inplace update to inference tensor outside InferenceMode" in str(error)
assert running_mean.is_inference()
