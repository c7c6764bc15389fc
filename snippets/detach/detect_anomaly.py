import warnings

import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        y = x.sigmoid()
        y.detach().zero_()  # the culprit: sigmoid saved y for backward
        try:
            y.sum().backward()
        except RuntimeError as error:
            print(f"RuntimeError: {str(error).split(' Hint:')[0]}")
print(caught[0].message)
first, *_, last = str(caught[1].message).split(" (Triggered")[0].splitlines()
print(f"{first}\n    {last.strip()}")

# --- checks ---

with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        y = x.sigmoid()
        y.detach().zero_()
        try:
            y.sum().backward()
        except RuntimeError as caught_error:
            error = caught_error
# claim: anomaly-error-still-raised
assert "modified by an inplace operation" in str(error)
# claim: anomaly-mode-warns-slow
assert "will increase the runtime" in str(caught[0].message)
# claim: anomaly-warning-names-node
assert first.startswith("Error detected in SigmoidBackward0.")
# claim: anomaly-warning-names-forward-call
assert first.endswith("Traceback of forward call that caused the error:")
# claim: anomaly-warning-names-forward-call
assert last.strip() == "y = x.sigmoid()"
