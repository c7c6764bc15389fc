"""`make build`: python -m gradsite.downloads <site folder>, the site and then its offline copy
(offline.py). Run as the package, not as gradsite.downloads.offline, which the package imports:
runpy would warn that the module was already imported."""

import sys
from pathlib import Path

from gradsite.downloads.offline import make, mkdocs_build

target = Path(sys.argv[1] if len(sys.argv) > 1 else "site").resolve()
sys.exit(make(target, mkdocs_build, Path.cwd())[0])
