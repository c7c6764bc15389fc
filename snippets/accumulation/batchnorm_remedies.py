import torch

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
ACCUMULATION_STEPS = 4


def gap(norm, eval_norm=False):
    """Largest gradient difference, 4 accumulated micro-batches vs the full
    batch of 16."""
    torch.manual_seed(1)
    model = torch.nn.Sequential(
        torch.nn.Linear(4, 8), norm, torch.nn.ReLU(), torch.nn.Linear(8, 1)
    )
    if eval_norm:
        # frozen statistics: normalize with running_mean / running_var
        model[1].eval()
    loss_fn = torch.nn.MSELoss()
    loss_fn(model(x), y).backward()
    full_batch = [p.grad.clone() for p in model.parameters()]
    model.zero_grad()
    for xb, yb in zip(x.chunk(ACCUMULATION_STEPS), y.chunk(ACCUMULATION_STEPS)):
        (loss_fn(model(xb), yb) / ACCUMULATION_STEPS).backward()
    return max(
        (p.grad - g).abs().max().item()
        for p, g in zip(model.parameters(), full_batch)
    )


results = {
    "BatchNorm1d, training mode": gap(torch.nn.BatchNorm1d(8)),
    "BatchNorm1d, frozen (eval)": gap(torch.nn.BatchNorm1d(8), eval_norm=True),
    "LayerNorm": gap(torch.nn.LayerNorm(8)),
    "GroupNorm, 2 groups": gap(torch.nn.GroupNorm(2, 8)),
}
for name, difference in results.items():
    shown = f"{difference:.2f}" if difference >= 1e-6 else "< 1e-06"
    print(f"{name:<28} largest gradient difference {shown}")

# --- checks ---

# claim: batchnorm-training-mode-differs
assert results["BatchNorm1d, training mode"] > 0.1
# Each of these normalizes a sample with statistics that do not depend on the
# rest of the batch: they differ by rounding only.
frozen, layer, group = (
    results[k]
    for k in ("BatchNorm1d, frozen (eval)", "LayerNorm", "GroupNorm, 2 groups")
)
# claim: frozen-batchnorm-restores-equivalence
assert frozen < 1e-6
# claim: layernorm-groupnorm-restore-equivalence
assert layer < 1e-6 and group < 1e-6
