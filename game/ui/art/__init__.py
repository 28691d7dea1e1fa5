"""The art of the game, drawn from the tile set's geometry: tiles, tile backs, icons, figures.

Nothing here is painted by hand except a few small SVG sprites under ``sprites/`` (figures and
icons).  Each module owns what it draws: ``tiles`` (tiles and backs, painted in passes by
``painter``, from the geometry of ``shapes``), ``textures``, ``buildings``, ``icons``,
``figures``; ``primitives`` and ``loading`` are shared by all.  Importing the art has no
pygame side effects.
"""
