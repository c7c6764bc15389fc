"""Shared fixtures."""

from __future__ import annotations

import pytest

from sitebuild import Build, build


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Build:
    """One strict build of the real project, shared by the tests that read it."""
    result = build(tmp_path_factory.mktemp("site") / "site")
    assert result.returncode == 0, result.log
    return result
