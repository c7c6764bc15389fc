"""Drift cases as data, one module per chapter (tests/test_drift.py runs them).

Each module's DRIFT maps a case name (what changed) to (patch, snippet): the Python
that monkeypatches torch as a release might, and the example that must then fail the
build's runner. See CONTRIBUTING.md ("Adding a drift case").
"""
