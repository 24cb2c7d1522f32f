"""The web front end: a Starlette server with a lobby, tables played over websockets, and a score keeper.

Start it with ``canasta serve`` (see docs/web.md). Modules: :mod:`.app` (routes),
:mod:`.tables` (tables, seats, bots), :mod:`.protocol` (messages), :mod:`.store`
(database), :mod:`.sheet` (score keeper), :mod:`.i18n` (languages), :mod:`.serve` (CLI entry).
May import :mod:`canasta.play`, the agents, the formats, the engine and the layers below; never the command
line.
"""
