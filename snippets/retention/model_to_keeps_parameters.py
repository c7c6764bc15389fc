import torch

model = torch.nn.Linear(3, 1)
weight = model.weight
address = weight.data_ptr()
model.to(torch.float64)
print("same Parameter:", model.weight is weight, "| is_leaf:", weight.is_leaf)
print("dtype:", weight.dtype, "| new storage:", weight.data_ptr() != address)

# A view of a parameter is not a leaf; the gradient lands on the parameter.
flat = model.weight.view(-1)
(flat * 3).sum().backward()
print("flat.is_leaf:", flat.is_leaf, "| model.weight.grad:", model.weight.grad)

# An optimizer's state is not converted with the model.
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.Adam(model.parameters())
model(torch.ones(2, 3)).sum().backward()
optimizer.step()  # makes Adam's state, in float32
model.to(torch.float64)  # too late: the state stays float32
model(torch.ones(2, 3, dtype=torch.float64)).sum().backward()
try:
    optimizer.step()
except RuntimeError as error:
    print(f"Adam step after model.to(torch.float64): RuntimeError: {error}")

# --- checks ---

# The same Parameter objects, still leaves, with new storage of the new dtype.
# claim: model-to-keeps-parameters-leaves
assert weight.is_leaf and weight.dtype == torch.float64
# claim: model-to-gives-new-storage
assert weight.data_ptr() != address
# claim: view-of-parameter-is-non-leaf
assert not flat.is_leaf and flat.grad_fn.next_functions[0][0].variable is weight
# claim: view-of-parameter-is-non-leaf
assert weight.grad.tolist() == [[3.0, 3.0, 3.0]]
# A row picked by indexing (emb.weight[0]) is a view too.
row = weight[0]
# claim: view-of-parameter-is-non-leaf
assert not row.is_leaf and row.grad_fn.next_functions[0][0].variable is weight
# The loop's model: the optimizer's parameter is the model's, converted in
# place, and backward gives it a float64 gradient.
# claim: model-to-keeps-parameters-leaves
assert model.weight is optimizer.param_groups[0]["params"][0]
# claim: model-to-keeps-parameters-leaves
assert model.weight.is_leaf and model.weight.grad.dtype == torch.float64
# Adam's state, made at the float32 step, stays float32, and the next step
# raises again.
# claim: optimizer-state-not-converted summary-optimizer-state-not-converted
assert optimizer.state[model.weight]["exp_avg"].dtype == torch.float32
try:
    optimizer.step()
except RuntimeError as caught:
    step_error = caught
# claim: optimizer-state-not-converted
assert "expected dtype float" in str(step_error)
# claim: optimizer-state-not-converted
assert "got dtype double" in str(step_error)
# Moved before its first step, Adam makes its state in the new dtype.
model = torch.nn.Linear(3, 1).to(torch.float64)
optimizer = torch.optim.Adam(model.parameters())
model(torch.ones(2, 3, dtype=torch.float64)).sum().backward()
optimizer.step()
# claim: model-moved-first-state-follows
assert optimizer.state[model.weight]["exp_avg"].dtype == torch.float64
