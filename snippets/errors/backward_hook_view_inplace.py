import torch

model = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU(inplace=True))
model[0].register_full_backward_hook(lambda module, grad_in, grad_out: None)
try:
    model(torch.randn(1, 2))
except RuntimeError as error:
    print(f"RuntimeError: {str(error).split('. ')[0]}.")

# The fix: an out-of-place ReLU after a module with a full backward hook.
model[1] = torch.nn.ReLU()
print("output shape:", tuple(model(torch.randn(1, 2)).shape))

# --- checks ---

broken = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU(inplace=True))
broken[0].register_full_backward_hook(lambda module, grad_in, grad_out: None)
try:
    broken(torch.randn(1, 2))
except RuntimeError as caught:
    error = caught
# claim: error-full-backward-hook-then-inplace
assert (
    "Output 0 of BackwardHookFunction is a view and is being modified inplace"
    in (str(error))
)
