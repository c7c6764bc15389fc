import re
import warnings

import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)


def forward():
    y = x.sigmoid()  # sigmoid saves its output for backward
    y.detach().zero_()  # the culprit: an in-place change of that output
    return y.sum()


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        loss = forward()
        try:
            loss.backward()
        except RuntimeError as error:
            print(f"RuntimeError: {str(error).split(' Hint:')[0]}")
            assert "modified by an inplace operation" in str(error)
        else:
            raise AssertionError("backward should have raised")

anomaly = [w for w in caught if "Error detected in" in str(w.message)]
assert anomaly, "detect_anomaly() should have named the forward call"
message = str(anomaly[0].message)
# The warning's first line, and the forward trace without this machine's paths.
print(message.splitlines()[0])
frames = re.findall(
    r'File "[^"]*?([\w.]+)", line (\d+), in (\S+)(?:\n {4}(.*))?', message
)
for file, line, function, code in frames[-2:]:
    print(f"  line {line}, in {function}: {code.strip()}")
assert message.startswith("Error detected in SigmoidBackward0")
assert frames[-1][2] == "forward"  # the function that ran x.sigmoid()
if frames[-1][0].endswith(
    ".py"
):  # run from its file (not from a Markdown test), the line is quoted
    assert (
        frames[-1][3].strip()
        == "y = x.sigmoid()  # sigmoid saves its output for backward"
    )
