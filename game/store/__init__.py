"""What the game keeps on disk: saves and their format (``storage``, ``savefile``), the parsed
tile sets between starts (``tileset_cache``) and the log (``logs``).  Files are written
atomically; a file that cannot be read is reported and kept, never overwritten.  No pygame.
"""
