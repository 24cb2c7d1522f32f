"""Files other programs depend on: game records (:mod:`.records`), saved games (:mod:`.savegame`)
and score sheets of the score keeper (:mod:`.score_sheet`). May import the engine and the layers
below; never the command line, the web server or the bots."""
