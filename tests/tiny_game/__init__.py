"""Orchard, a tiny game that plugs in from its own package, as docs/adding-a-game.md walks
through: a tile set with its words and its rules page (``tilesets/``), a rule module
(``orchard.py``) and that module's view (``orchard_view.py``).  Nothing outside this package
names it: ``discover("tests.tiny_game")`` finds its module and its view."""
