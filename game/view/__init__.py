"""What the players read about a game, as text and plain data: no pygame, typed, tested
headless.  The window draws it; nothing here draws."""
