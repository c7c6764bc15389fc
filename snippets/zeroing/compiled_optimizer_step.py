import logging

import torch

torch._logging.set_logs(dynamo=logging.ERROR)  # quiet Dynamo's notes
torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


@torch.compile(backend="aot_eager")
def step():
    optimizer.step()


x, y = torch.randn(8, 4), torch.randn(8, 1)
for i in range(4):
    torch.nn.functional.mse_loss(model(x), y).backward()
    step()
    optimizer.zero_grad()  # outside the compiled step, as in eager code
    print(f"step {i}: weight.grad is None: {model.weight.grad is None}")

# --- checks ---

# claim: zero-grad-outside-compiled-step-sets-none
assert model.weight.grad is None and model.bias.grad is None

from torch._dynamo.testing import CompileCounterWithBackend  # noqa: E402


def train(compile_step):
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    step = compile_step(optimizer.step) if compile_step else optimizer.step
    for _ in range(4):
        torch.nn.functional.mse_loss(model(x), y).backward()
        step()
        optimizer.zero_grad()
    return model


counter = CompileCounterWithBackend("aot_eager")
compiled = train(lambda f: torch.compile(f, backend=counter))
eager = train(None)
# claim: compiled-step-trains-as-eager
assert torch.allclose(compiled.weight, eager.weight, atol=1e-6)
# claim: compiled-step-not-recompiled-by-zero-grad
assert counter.frame_count == 2  # the first step makes the momentum buffers
