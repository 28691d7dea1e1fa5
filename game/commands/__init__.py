"""The command lines a player or a maintainer types, each a thin layer over the packages below.

| command | module |
|---|---|
| ``python -m game`` (the window; ``carcassonne`` when installed) | ``play`` |
| ``python -m game.server`` (a table server) | ``server`` |
| ``python -m game.sim`` (headless games) | ``sim`` |
| ``python -m game.scenario`` (rulebook examples as data) | ``scenario`` |
| ``python -m game.tileset check`` (check tile set files) | ``tileset`` |
| ``carcassonne --install-desktop-entry`` | ``desktop_entry`` |

``python -m game.review`` lives with the review (``game.review.__main__``).  The names users
type stay short: ``game/server.py`` and its siblings only run the command of this package.
"""
