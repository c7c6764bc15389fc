import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
params = list(model.parameters())
optimizer = torch.optim.SGD(params, lr=0.1)
optimizer.zero_grad()  # since PyTorch 2.0, every p.grad is None now
for x in torch.randn(2, 4, 3):  # two micro-batches
    grads = torch.autograd.grad(model(x).pow(2).mean(), params)
    for p, g in zip(params, grads):
        if p.grad is None:
            p.grad = g.clone()
        else:
            p.grad.add_(g)
print("weight.grad, 2 micro-batches:", model.weight.grad)
optimizer.step()

# --- checks ---

torch.manual_seed(0)
reference = torch.nn.Linear(3, 1)
for x in torch.randn(2, 4, 3):
    reference(x).pow(2).mean().backward()  # autograd's own accumulation
difference = (model.weight.grad - reference.weight.grad).abs().max().item()
assert difference < 1e-6
