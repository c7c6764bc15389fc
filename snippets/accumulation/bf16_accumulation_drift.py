import torch
import torch.distributed as dist
from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
MICRO_BATCHES = 16
torch.manual_seed(0)
xs = torch.randn(MICRO_BATCHES, 8, 16)


def new_model():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.Linear(16, 1))


def loss(net, x):
    return net(x).float().pow(2).mean() / MICRO_BATCHES


# The model in bfloat16: its .grad is bfloat16, each backward adds into it
bf16 = new_model().to(torch.bfloat16)
for x in xs:
    loss(bf16, x.bfloat16()).backward()
# The reference: the same bfloat16 micro-batch gradients, added in float32
exact = sum(
    torch.autograd.grad(loss(bf16, x.bfloat16()), bf16[0].weight)[0].float()
    for x in xs
)


def fsdp2_gradient(reduce_dtype):
    net = new_model()
    policy = MixedPrecisionPolicy(torch.bfloat16, reduce_dtype=reduce_dtype)
    for module in [*net, net]:
        fully_shard(module, mp_policy=policy)
    for i, x in enumerate(xs):
        net.set_requires_gradient_sync(i == MICRO_BATCHES - 1)
        loss(net, x).backward()
    return net[0].weight.grad.full_tensor()


# float32 parameters under bfloat16 autocast: float32 gradients
autocast = new_model()
for x in xs:
    with torch.autocast("cpu", dtype=torch.bfloat16):
        autocast_loss = loss(autocast, x)
    autocast_loss.backward()

grads = {
    "bfloat16 parameters": bf16[0].weight.grad,
    "FSDP2, param_dtype=bfloat16": fsdp2_gradient(None),
    "FSDP2, and reduce_dtype=float32": fsdp2_gradient(torch.float32),
    "float32 parameters, bf16 autocast": autocast[0].weight.grad,
}
errors = {}
print(
    MICRO_BATCHES, "micro-batches: relative error of the accumulated gradient"
)
for label, grad in grads.items():
    errors[label] = ((grad.float() - exact).norm() / exact.norm()).item()
    bound = "above 1e-3" if errors[label] > 1e-3 else "below 1e-6"
    print(f"  {label:<34} {str(grad.dtype):<15} {bound}")
dist.destroy_process_group()

# --- checks ---

# claim: bf16-parameters-bf16-grad
assert grads["bfloat16 parameters"].dtype == torch.bfloat16
# claim: bf16-accumulation-drifts
assert errors["bfloat16 parameters"] > 1e-3
# 8 significant bits: 1 + 2**-7 is the next bfloat16 after 1
# claim: bf16-accumulation-drifts
assert torch.finfo(torch.bfloat16).eps == 2**-7
# claim: fsdp2-reduce-dtype-accumulates-float32
assert errors["FSDP2, and reduce_dtype=float32"] < 1e-6
# claim: fsdp2-param-dtype-alone-accumulates-bf16
assert grads["FSDP2, param_dtype=bfloat16"].dtype == torch.float32
# claim: fsdp2-param-dtype-alone-accumulates-bf16
assert errors["FSDP2, param_dtype=bfloat16"] > 1e-3
# claim: autocast-accumulates-float32
assert grads["float32 parameters, bf16 autocast"].dtype == torch.float32
# claim: autocast-accumulates-float32
assert errors["float32 parameters, bf16 autocast"] < 1e-6
for label in grads:  # every error is one side of the printed bounds
    assert errors[label] > 1e-3 or errors[label] < 1e-6
