import torch

print("torch", torch.__version__)
# Every entry on this page is about 2.0 or earlier: this build is past all of them.
assert torch.__version__ >= (2, 0)
