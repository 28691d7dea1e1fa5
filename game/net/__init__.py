"""Network play: a table server whose rules core decides, and clients that follow it.

The table (``table``) holds the one real game and decides every action; it tells each
connection what happened in the words of ``steps``: the action, the random outcomes it
revealed and the tiles it dealt, with what the recipient must not know (another player's
hand, a tile slid under a hill) left out.  A client rebuilds the game from those messages in
a ``Replica``: the same rules core, its random outcomes forced from the table's messages, so
it computes legal moves, scores and everything the window shows with the same code as a
game on one screen.  Messages are plain JSON, checked against the schema of ``messages``
(documented in docs/network.md); ``server`` serves many tables over WebSockets, ``client``
follows one table from a window or a headless computer player (``headless``).

Nothing here imports pygame.
"""

PROTOCOL = 4  # the version of the messages; a peer speaking another one is told so
