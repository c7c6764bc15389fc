"""`python -m gradsite.claims unmarked docs/<chapter>/index.en.md ...` (unmarked.py)."""

import sys

from gradsite.claims.unmarked import main

sys.exit(main(sys.argv[1:]))
