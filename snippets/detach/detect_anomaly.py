import warnings

import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        y = x.sigmoid()
        # The culprit: an in-place change of the output sigmoid saved.
        y.detach().zero_()
        try:
            y.sum().backward()
        except RuntimeError as error:
            print(f"RuntimeError: {str(error).split(' Hint:')[0]}")
            # claim: anomaly-error-still-raised
            assert "modified by an inplace operation" in str(error)

enabled, report = (str(w.message) for w in caught)
print(enabled)
# claim: anomaly-mode-warns-slow
assert "will increase the runtime" in enabled
# The report without this machine's paths: its first and last lines.
report = report.split(" (Triggered internally")[0].splitlines()
print(report[0])
print("   ", report[-1].strip())
# claim: anomaly-warning-names-node
assert report[0].startswith("Error detected in SigmoidBackward0.")
# claim: anomaly-warning-names-forward-call
assert report[0].endswith("Traceback of forward call that caused the error:")
