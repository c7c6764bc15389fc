import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
x = torch.randn(3, 4)
with torch.inference_mode():  # results only read: evaluation, logging
    logits = model(x)
with torch.no_grad():  # results training uses later, as constants
    target = model(x).softmax(dim=1)
print("requires_grad:", logits.requires_grad, target.requires_grad)
print("inference tensor:", logits.is_inference(), target.is_inference())
assert not logits.requires_grad and logits.is_inference()
assert not target.requires_grad and not target.is_inference()
