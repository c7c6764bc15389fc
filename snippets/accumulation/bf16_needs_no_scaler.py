import torch

torch.manual_seed(0)
model, x = torch.nn.Linear(4, 1), torch.randn(8, 4)
# CPU autocast computes in bfloat16 unless told otherwise
print("default autocast dtype on a CPU:", torch.get_autocast_dtype("cpu"))


def weight_grad(dtype):
    """The gradient of a loss whose gradients are tiny (1e-8 per output)."""
    model.zero_grad()
    with torch.autocast("cpu", dtype=dtype):
        out = model(x)
    (out.float().sum() * 1e-8).backward()
    return model.weight.grad


fp16, bf16 = weight_grad(torch.float16), weight_grad(torch.bfloat16)
print("float16, no scaler: every gradient is 0:", bool((fp16 == 0).all()))
print("bfloat16, no scaler: every gradient is 0:", bool((bf16 == 0).all()))
# bfloat16 has float32's exponent range, float16 stops at 65504
print("largest float16:", torch.finfo(torch.float16).max)

# --- checks ---

# claim: cpu-autocast-defaults-to-bfloat16
assert torch.get_autocast_dtype("cpu") == torch.bfloat16
# claim: fp16-small-gradients-underflow
assert (fp16 == 0).all()
# claim: bf16-small-gradients-survive
assert (bf16 != 0).all()
# claim: bf16-has-float32-range
assert torch.finfo(torch.bfloat16).max > 3e38
assert torch.finfo(torch.float16).max == 65504
