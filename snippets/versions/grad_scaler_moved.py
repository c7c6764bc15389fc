import warnings

import torch

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.cuda.amp.GradScaler(enabled=False)  # the old spelling
print(f"{caught[0].category.__name__}: {caught[0].message}")

# the current spelling: no warning
scaler = torch.amp.GradScaler("cuda", enabled=False)
print(type(scaler).__module__ + "." + type(scaler).__name__)

# --- checks ---

assert issubclass(caught[0].category, FutureWarning)
assert "torch.amp.GradScaler('cuda', args...)" in str(caught[0].message)
with warnings.catch_warnings(record=True) as quiet:
    warnings.simplefilter("always")
    torch.amp.GradScaler("cuda", enabled=False)
assert not quiet
assert type(scaler) is torch.amp.GradScaler
