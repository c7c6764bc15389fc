import torch
import torch.distributed as dist
from torch.distributed.fsdp import MixedPrecisionPolicy as Policy
from torch.distributed.fsdp import fully_shard

dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
model = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.Linear(16, 1))
policy = Policy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32)
for module in [*model, model]:
    fully_shard(module, mp_policy=policy)
for i in range(16):
    model.set_requires_gradient_sync(i == 15)
    out = model(torch.randn(8, 16))  # computed in bfloat16
    (out.float().pow(2).mean() / 16).backward()
print("output:", out.dtype, "| gradient:", model[0].weight.grad.dtype)
dist.destroy_process_group()

# --- checks ---

# the sharded parameters the optimizer steps stay in float32
assert model[0].weight.dtype == torch.float32
# claim: fsdp2-mixed-precision-dtypes
assert out.dtype == torch.bfloat16
# claim: fsdp2-mixed-precision-dtypes
assert model[0].weight.grad.dtype == torch.float32
