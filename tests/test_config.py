"""mkdocs.yml loads and validates, its addresses agree, and it stays portable.

Material for MkDocs reaches end of life on May 5, 2027; its successor,
Zensical, reads mkdocs.yml. CONTRIBUTING.md ("The toolchain after Material") lists what
a move would take; the checks here keep the configuration from growing new
obstacles to it without anyone deciding so.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import urlparse

import pytest
from gradsite.project import ROOT
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException

CONFIG = ROOT / "mkdocs.yml"
# Python objects named in mkdocs.yml: each is code that another engine must
# import. Adding one is a decision: list it here and in CONTRIBUTING.md.
# The python fences' validator and format are markdown-exec's documented configuration
# without its plugin's fences, with the site's runner as the format (gradsite/runner/).
PYTHON_TAGS = {
    "gradsite.mathml.fence_format",
    "gradsite.runner.fence_format",
    "markdown_exec.validator",
}


@pytest.fixture(scope="module")
def config():
    return load_config(str(CONFIG))


def test_config_loads_and_validates(caplog):
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        loaded = load_config(str(CONFIG))
    assert loaded.strict is True
    problems = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert not problems, problems


def test_config_validation_can_fail(tmp_path):
    broken = tmp_path / "mkdocs.yml"
    broken.write_text(
        f"INHERIT: {CONFIG}\nsite_url: 42\nvalidation:\n  anchors: sometimes\n", encoding="utf-8"
    )
    with pytest.raises(MkDocsException):  # Abort, after logging each invalid value
        load_config(str(broken))


def test_site_and_repository_addresses_agree(config):
    """site_url is the GitHub Pages address of repo_url (the workflow publishes there)."""
    repo = urlparse(config.repo_url)
    owner, name = repo.path.strip("/").split("/")
    assert repo.scheme == "https" and repo.netloc == "github.com"
    assert config.repo_name == f"{owner}/{name}"
    site = urlparse(config.site_url)
    assert site.scheme == "https" and site.netloc == f"{owner}.github.io"
    # <owner>/<owner>.github.io is served at the root; any other repository under /<name>/.
    expected_path = "/" if name == f"{owner}.github.io" else f"/{name}/"
    assert site.path == expected_path
    assert config.edit_uri.startswith("edit/main/docs")


def test_python_named_in_config_is_known():
    tags = set(re.findall(r"!!python/name:([\w.]+)", CONFIG.read_text(encoding="utf-8")))
    assert tags <= PYTHON_TAGS, (
        f"new Python in mkdocs.yml: {tags - PYTHON_TAGS}; see CONTRIBUTING.md"
    )


def test_config_is_one_plain_file():
    """One file, no arbitrary Python objects: what any engine reading mkdocs.yml can take in."""
    text = CONFIG.read_text(encoding="utf-8")
    assert "!!python/object" not in text  # arbitrary objects, beyond a name
    assert not re.search(r"^INHERIT:", text, re.MULTILINE)  # one self-contained file
