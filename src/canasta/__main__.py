"""``python -m canasta`` runs the command-line front end."""

from .cli.main import main

main()
