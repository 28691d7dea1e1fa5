"""What a rules page's picture names, held to a tile set: its tiles, its figures, where they
stand, their colours.  The window draws only a picture with nothing missing, and
``python -m game.tileset check`` names what is (``game.words.gamecheck``)."""

from __future__ import annotations

from game.rules.model import RotatedTile, TileSet, TileType
from game.rules.ports import PORT_INDEX
from game.words.rulespages import Picture

# The colours a picture's figures may wear: the players' (the window's palette draws them).
PICTURE_COLOURS = ("red", "blue", "yellow", "green", "black", "purple")


def feature_index(tile: TileType, turned: RotatedTile, target: str) -> int | None:
    """The feature a figure target (a port or a feature name) means on a turned tile."""
    port = PORT_INDEX.get(target)
    if port is not None:
        return turned.target[port]
    return tile.names.get(target)


def picture_problems(picture: Picture, tileset: TileSet) -> list[str]:
    """What a picture names that the tile set does not have: a tile, a figure, a target on
    its tile, a colour."""
    tiles = {t.id: t for t in tileset.tiles}
    problems: list[str] = []
    for pt in picture.tiles:
        tile = tiles.get(pt.tile)
        if tile is None:
            problems.append(f"no tile '{pt.tile}' in {tileset.id}")
            continue
        for fig in pt.figures:
            if fig.kind not in tileset.figures:
                problems.append(f"no figure '{fig.kind}' in {tileset.id}")
            if feature_index(tile, tile.rotations[pt.rotation], fig.target) is None:
                problems.append(f"tile {pt.tile} has nothing at '{fig.target}'")
            if fig.colour not in PICTURE_COLOURS:
                problems.append(f"'{fig.colour}' is not a player colour")
    return problems
