"""``python -m canasta`` runs the command-line front end."""

from canasta.cli.main import main

main()
