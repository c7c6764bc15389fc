"""Reproducible builds: the dates a build writes come from git, not the clock.

MkDocs stamps the build date (the sitemap's <lastmod>, sitemap.xml.gz's gzip header) unless
SOURCE_DATE_EPOCH is set (https://reproducible-builds.org/specs/source-date-epoch/): set to the
last commit's time, two builds of a checkout are byte-identical on any day
(tests/test_reproducible.py), and the date still means when the content last changed. Zip entries
and the PDFs are dated the same way.
"""

from __future__ import annotations

import os
import subprocess
import time
import zipfile
from pathlib import Path


def build_date(project: Path) -> str | None:
    """SOURCE_DATE_EPOCH if set, else the last commit's time; None without either."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        return os.environ["SOURCE_DATE_EPOCH"]
    try:
        command = ["git", "log", "-1", "--format=%ct"]
        done = subprocess.run(command, cwd=project, capture_output=True, text=True)
    except OSError:  # no git: MkDocs falls back to today's date
        return None
    found = done.stdout.strip()
    return found if done.returncode == 0 and found.isdigit() else None


def pin_build_date(project: Path) -> None:
    """Set SOURCE_DATE_EPOCH from the last commit, unless it is set already."""
    date = build_date(project)
    if date is not None:
        os.environ["SOURCE_DATE_EPOCH"] = date


def epoch(date: str | None = None) -> int:
    """The build's date in seconds: `date`, else SOURCE_DATE_EPOCH, else 1980-01-01 (where
    zip's dates start): zip entries and the PDFs (gradsite/downloads/) are dated by it."""
    return max(int(date or os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800)


def zip_date(date: str | None = None) -> tuple[int, int, int, int, int, int]:
    """The date of every zip entry (`date`: as for `epoch`)."""
    return time.gmtime(epoch(date))[:6]


def write_zip(target: Path, files: dict[str, bytes], date) -> None:
    """A zip of `files` (archive name -> content), in name order, every entry dated `date`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=date)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
