"""Shared fixtures."""

from __future__ import annotations

import os

import pytest

from browser import chromium, served, tab  # noqa: F401 - browser fixtures, defined once
from sitebuild import Build, build

# Tests run every example: no outputs kept on disk (torch patched by a drift test keeps
# its version string), no placeholders (see gradsite/execute.py).
for _name in ("GRADSITE_CACHE", "GRADSITE_NO_EXEC"):
    os.environ.pop(_name, None)


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Build:
    """One strict build of the real project, shared by the tests that read it."""
    result = build(tmp_path_factory.mktemp("site") / "site")
    assert result.returncode == 0, result.log
    return result
