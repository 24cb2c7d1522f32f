"""Command-line front end: ``canasta play|rules|replay|score|simulate|arena|bench|serve``.

:mod:`.main` is the command table (Typer); each command lives in its own module (:mod:`.play`,
``*_cmd``) and reports a user's error through :func:`.common.fail`, never importing :mod:`.main`.
Terminal play: :mod:`.play` sets a game up; the session is built in layers, each module on the one
before: :mod:`.session_state` (state, drawing the table) -> :mod:`.session_saving` (autosave, save,
leaving) -> :mod:`.session_history` (log lines, history, scores, undo) -> :mod:`.session_commands`
(what the person types, hints, the coach) -> :mod:`.session_end` (end of a deal and of the game)
-> :mod:`.session` (``PlaySession``: the turn loop and the bots' turns). :mod:`.display` draws
with Rich, :mod:`.completion` reads lines, :mod:`.shortmoves` reads shortened moves,
:mod:`.screen` is the full-screen table. May import every layer below (the web server only
inside ``canasta serve``).
"""
