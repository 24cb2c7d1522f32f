from canasta.cli.main import main

main()
