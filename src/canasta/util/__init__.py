"""Small helpers with no knowledge of the game's state: reading JSON from outside, "did you mean",
and the words that cite the rules' sections. Imports nothing from the rest of the package."""
