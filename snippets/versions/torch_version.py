import torch

print("torch", torch.__version__)

# --- checks ---

# The notes on this page reach up to 2.4 (GradScaler);
# the examples here assert today's behavior.
assert torch.__version__ >= (2, 4)
