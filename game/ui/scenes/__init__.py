"""The window's scenes.  Each module imports the scenes it leads to; the few that lead back
(the title, a game, its final scores) and those the app brings up over any scene (the rules
pages, the crash screen) are made by ``routes``, the one module that imports them all."""
