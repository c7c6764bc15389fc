import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(256, 256), torch.nn.Tanh(), torch.nn.Linear(256, 1)
)
x, y = torch.randn(512, 256), torch.randn(512, 1)


class CountCalls(TorchDispatchMode):
    """Counts the ATen operator calls (kernels) run inside it."""

    def __init__(self):
        super().__init__()
        self.calls = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.calls += 1
        return func(*args, **(kwargs or {}))


def one_step(micro_batches):
    """Floating-point operations and kernel calls of one effective batch."""
    flops, calls = FlopCounterMode(display=False), CountCalls()
    with flops, calls:
        for xb, yb in zip(x.chunk(micro_batches), y.chunk(micro_batches)):
            loss = torch.nn.functional.mse_loss(model(xb), yb)
            (loss / micro_batches).backward()
    model.zero_grad()
    return flops.get_total_flops(), calls.calls


(full_flops, full_calls), (micro_flops, micro_calls) = one_step(1), one_step(8)
print(
    "matrix-multiply flops, 1 batch vs 8 micro-batches:",
    full_flops == micro_flops,
)
print(
    f"kernel calls: {full_calls} for 1 batch, {micro_calls} for 8 micro-batches"
)

# --- checks ---

assert full_flops == micro_flops
# claim: micro-batches-more-kernel-calls summary-memory-not-arithmetic
assert micro_calls > 7 * full_calls
