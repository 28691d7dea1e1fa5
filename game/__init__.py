"""Carcassonne-family games: a pure rules core (``game.rules``) and a pygame front end."""
