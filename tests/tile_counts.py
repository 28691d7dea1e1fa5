"""Counts the tests read off a tile set: its tiles, a feature's icons, a tile's marks."""

from __future__ import annotations

from game.rules.model import FeatureDef, TileSet, TileType


def tile_count(tileset: TileSet) -> int:
    return sum(t.count for t in tileset.tiles)


def icon_count(feature: FeatureDef, name: str) -> int:
    return sum(1 for icon in feature.icons if icon.name == name)


def has_mark(tile: TileType, name: str) -> bool:
    return any(icon.name == name for icon in tile.icons)
