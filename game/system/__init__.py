"""What every layer of the game may use: the computer it runs on and the game as installed.

Where the game's own data lies (``paths``), its version (``version``), its icon (``icons``),
file names as players read them (``filenames``) and one window per user folder
(``folderlock``).  Standard library only: the rules core imports from here, and from nowhere
else outside itself.
"""
