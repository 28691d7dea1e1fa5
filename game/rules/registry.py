"""Finding and loading the tile sets: the built-in ones and any a player adds.

A broken file does not stop the others: its error is kept and shown, the rest load.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import TileSetError
from .loader import build_tileset, read_yaml
from .model import TileSet


def builtin_tileset_dir() -> Path:
    """The tile sets shipped with the game (found by ``game.paths``: the repository's
    ``tilesets/`` from source, ``game/_data/tilesets`` in a wheel or the frozen build)."""
    from ..paths import tilesets_dir
    return tilesets_dir()


@dataclass
class _Source:
    path: Path
    doc: Any  # the parsed YAML, kept so that expansions are not parsed again
    set_id: str
    extends: str | None


class Registry:
    def __init__(self, dirs: Iterable[Path | str]) -> None:
        self.errors: list[TileSetError] = []
        self._sources: dict[str, _Source] = {}
        self.sets: dict[str, TileSet] = {}
        self._merged: dict[tuple[str, tuple[str, ...]], TileSet] = {}
        for d in dirs:
            for path in sorted(Path(d).glob("*.yaml")):
                self._read(path)
        for sid, src in list(self._sources.items()):
            if src.extends is None:
                self._load(sid)
        for sid, src in list(self._sources.items()):
            if src.extends is not None:
                self._load(sid)

    def _read(self, path: Path) -> None:
        try:
            doc = read_yaml(path.read_text(encoding="utf-8"), str(path))
        except OSError as exc:
            self.errors.append(TileSetError(str(path), None, f"cannot read: {exc.strerror}"))
            return
        except UnicodeDecodeError:
            self.errors.append(TileSetError(str(path), None, "not a UTF-8 text file"))
            return
        except TileSetError as err:
            self.errors.append(err)
            return
        if not isinstance(doc, dict) or not isinstance(doc.get("id"), str):
            self.errors.append(TileSetError(str(path), 1, "a tile set needs an 'id'"))
            return
        sid = doc["id"]
        if sid in self._sources:
            self.errors.append(TileSetError(str(path), 1, f"tile set id '{sid}' is already used "
                                                          f"by {self._sources[sid].path}"))
            return
        extends = doc.get("extends")
        self._sources[sid] = _Source(path, doc, sid, extends if isinstance(extends, str) else None)

    def _load(self, sid: str) -> None:
        src = self._sources[sid]
        base = None
        if src.extends is not None:
            base = self.sets.get(src.extends)
            if base is None:
                self.errors.append(TileSetError(str(src.path), None,
                                                f"extends '{src.extends}', which did not load"))
                return
        try:
            self.sets[sid] = build_tileset(src.doc, str(src.path), base)
        except TileSetError as err:
            self.errors.append(err)

    def games(self) -> list[TileSet]:
        """The playable games (tile sets that extend nothing)."""
        return [s for s in self.sets.values() if s.extends is None]

    def expansions(self, game_id: str) -> list[TileSet]:
        return [s for s in self.sets.values() if s.extends == game_id]

    def ruleset(self, game_id: str, expansions: Sequence[str] = ()) -> TileSet:
        """The game's tile set with the chosen expansions merged in, in the order given."""
        if game_id not in self.sets or self.sets[game_id].extends is not None:
            raise KeyError(f"no game '{game_id}' (games: "
                           f"{', '.join(s.id for s in self.games())})")
        key = (game_id, tuple(expansions))
        if key in self._merged:
            return self._merged[key]
        merged = self.sets[game_id]
        for exp in expansions:
            src = self._sources.get(exp)
            if src is None or exp not in self.sets or src.extends != game_id:
                raise KeyError(f"no expansion '{exp}' for {game_id}")
            merged = build_tileset(src.doc, str(src.path), merged)
        self._merged[key] = merged
        return merged


def default_registry(extra_dirs: Sequence[Path | str] = ()) -> Registry:
    return Registry([builtin_tileset_dir(), *extra_dirs])
