import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
x = torch.randn(3, 4)
# Results only read here: evaluation, metrics, logging.
with torch.inference_mode():
    logits = model(x)
# Results training uses later, as constants.
with torch.no_grad():
    target = model(x).softmax(dim=1)
print("requires_grad:", logits.requires_grad, target.requires_grad)
print("inference tensor:", logits.is_inference(), target.is_inference())

# --- checks ---

# claim: inference-mode-gives-inference-tensors
assert not logits.requires_grad and logits.is_inference()
# claim: no-grad-gives-ordinary-tensors
assert not target.requires_grad and not target.is_inference()
