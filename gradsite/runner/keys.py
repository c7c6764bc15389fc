"""The key of an output: everything it depends on. The code, where it comes from (the snippet,
or the language for code written in a page: figure blocks word their pictures per language),
the content of every project file its code names in a string literal (a figure block names the
snippet it draws), the installed packages, and this package's sources as loaded."""

from __future__ import annotations

import functools
import hashlib
import platform
import re
from importlib import metadata
from pathlib import Path

import torch

PACKAGE = Path(__file__).resolve().parent.parent  # gradsite/, its subpackages included
_QUOTED_PATH = re.compile(r"""["']([\w.][\w./-]*)["']""")


def named_files(code: str, root: Path) -> list[str]:
    """Project files the code names in a string literal, e.g. "snippets/x/y.py"."""
    return sorted(
        {n for n in _QUOTED_PATH.findall(code) if ("/" in n or "." in n) and (root / n).is_file()}
    )


def _sources() -> dict[str, str]:
    return {
        p.relative_to(PACKAGE).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(PACKAGE.rglob("*.py"))
    }


_LOADED = _sources()  # this package's sources as this process imported them


def changed_sources() -> list[str]:
    """gradsite/**/*.py files edited since this process started (`make serve` must restart)."""
    now = _sources()
    return sorted(n for n in now.keys() | _LOADED.keys() if now.get(n) != _LOADED.get(n))


@functools.cache
def _environment() -> str:
    """Interpreter, machine, installed distributions, this package's sources as loaded: once per
    process, as a `make serve` session runs the gradsite code it started with (until a restart)."""
    dists = sorted(f"{d.name}=={d.version}" for d in metadata.distributions())
    return "\n".join([platform.python_version(), platform.machine(), *dists, *_LOADED.values()])


def cache_key(code: str, origin: str | None, root: Path, language: str) -> str:
    files = named_files(code, root)
    parts = [code, origin or f"page code, language {language}", torch.__version__, _environment()]
    parts += [f"{name}:{hashlib.sha256((root / name).read_bytes()).hexdigest()}" for name in files]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()
