"""Reproducible builds: the dates a build writes come from git, not the clock.

MkDocs stamps every page with the build date (the sitemap's <lastmod>, and the
modification time in sitemap.xml.gz's gzip header) unless SOURCE_DATE_EPOCH is
set (https://reproducible-builds.org/specs/source-date-epoch/). Setting it to
the last commit's time makes two builds of the same checkout byte-identical on
any day, and the date still means something: when the content last changed.
tests/test_reproducible.py proves it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def pin_build_date(project: Path) -> None:
    """Set SOURCE_DATE_EPOCH from the last commit, unless it is set already."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        return
    try:
        done = subprocess.run(
            ["git", "log", "-1", "--format=%ct"],
            cwd=project,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:  # no git: MkDocs falls back to today's date
        return
    if done.returncode == 0 and done.stdout.strip().isdigit():
        os.environ["SOURCE_DATE_EPOCH"] = done.stdout.strip()
