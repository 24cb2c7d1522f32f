"""Command-line front end: ``canasta play|rules|replay|score|simulate|bench``."""
