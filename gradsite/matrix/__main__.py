"""`python -m gradsite.matrix ...`: the matrix's command (command.py)."""

from gradsite.matrix.command import main

main()
