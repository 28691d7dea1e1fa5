"""Finding and loading the tile sets: the built-in ones and any a player adds.

A broken file does not stop the others: its error is kept and shown, the rest load.  A file
that fails in a way nobody foresaw is listed like any other broken file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.system.filenames import shown_path

from .errors import TileSetError
from .loader import build_tileset, read_yaml, set_id_of
from .model import TileSet
from .source import decode, read_bytes
from .yamlsrc import shown


def builtin_tileset_dir() -> Path:
    """The tile sets shipped with the game (found by ``game.system.paths``: the repository's
    ``tilesets/`` from source, ``game/_data/tilesets`` in a wheel or the frozen build)."""
    from game.system.paths import tilesets_dir
    return tilesets_dir()


@dataclass(frozen=True)
class SourceFile:
    """A tile set file as read from its folder: its bytes, or why it could not be read."""

    path: Path
    data: bytes | None
    error: TileSetError | None = None


def scan(dirs: Iterable[Path | str]) -> list[SourceFile]:
    """Every ``*.yaml`` file of the folders, read within the limits of ``source``."""
    files: list[SourceFile] = []
    for d in dirs:
        folder = Path(d)
        try:
            paths = sorted(folder.glob("*.yaml"))
        except OSError:
            continue
        for path in paths:
            try:
                files.append(SourceFile(path, read_bytes(path, folder)))
            except TileSetError as err:
                files.append(SourceFile(path, None, TileSetError(shown_path(err.path), err.line,
                                                                 err.problem)))
    return files


def _unforeseen(path: Path, exc: Exception) -> TileSetError:
    return TileSetError(shown_path(path), None, f"cannot be loaded ({type(exc).__name__})")


@dataclass
class Source:
    """A tile set file that parsed, with what its document says it is."""

    path: Path
    doc: Any  # the parsed YAML, kept so that expansions are not parsed again
    set_id: str
    extends: str | None


class Registry:
    """The tile sets of some folders (``dirs``), or of files already read (``files``)."""

    def __init__(self, dirs: Iterable[Path | str] = (),
                 files: Sequence[SourceFile] | None = None) -> None:
        self.errors: list[TileSetError] = []
        self.sources: dict[str, Source] = {}
        self.sets: dict[str, TileSet] = {}
        self._merged: dict[tuple[str, tuple[str, ...]], TileSet] = {}
        for file in scan(dirs) if files is None else files:
            self._read(file)
        for sid, src in list(self.sources.items()):
            if src.extends is None:
                self._load(sid)
        for sid, src in list(self.sources.items()):
            if src.extends is not None:
                self._load(sid)

    def _read(self, file: SourceFile) -> None:
        path = file.path
        where = shown_path(path)  # as messages name it (a name that is not UTF-8, drawable)
        try:
            if file.data is None:
                raise file.error or TileSetError(where, None, "not read")
            doc = read_yaml(decode(file.data, where), where)
            sid = set_id_of(doc, where)
        except TileSetError as err:
            self.errors.append(err)
            return
        except Exception as exc:  # whatever it is, the other sets load
            self.errors.append(_unforeseen(path, exc))
            return
        if sid in self.sources:
            first = shown_path(self.sources[sid].path)
            self.errors.append(TileSetError(where, 1, f"tile set id '{sid}' is already used "
                                                      f"by {first}"))
            return
        extends = doc.get("extends")
        self.sources[sid] = Source(path, doc, sid, extends if isinstance(extends, str) else None)

    def _load(self, sid: str) -> None:
        src = self.sources[sid]
        base = None
        if src.extends is not None:
            base = self.sets.get(src.extends)
            if base is None:
                self.errors.append(TileSetError(shown_path(src.path), None,
                                                f"extends {shown(src.extends)}, which did not "
                                                f"load"))
                return
        try:
            self.sets[sid] = build_tileset(src.doc, shown_path(src.path), base)
        except TileSetError as err:
            self.errors.append(err)
        except Exception as exc:  # whatever it is, the other sets load
            self.errors.append(_unforeseen(src.path, exc))

    def games(self) -> list[TileSet]:
        """The playable games (tile sets that extend nothing)."""
        return [s for s in self.sets.values() if s.extends is None]

    def expansions(self, game_id: str) -> list[TileSet]:
        return [s for s in self.sets.values() if s.extends == game_id]

    def setups(self) -> list[tuple[str, tuple[str, ...]]]:
        """Every game alone, each followed by the game with each of its expansions: what a
        script measures or tells of every game there is."""
        return [(game.id, chosen) for game in self.games()
                for chosen in [(), *((e.id,) for e in self.expansions(game.id))]]

    def said(self) -> str:
        """The games and their expansions by id, for a command line's help:
        ``carcassonne (expansions: hills-and-sheep), hunters-and-gatherers``."""
        return ", ".join(game.id + (f" (expansions: {', '.join(e.id for e in extra)})"
                                    if (extra := self.expansions(game.id)) else "")
                         for game in self.games())

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
            src = self.sources.get(exp)
            if src is None or exp not in self.sets or src.extends != game_id:
                raise KeyError(f"no expansion '{exp}' for {game_id}")
            merged = build_tileset(src.doc, shown_path(src.path), merged)
        self._merged[key] = merged
        return merged


def default_registry(extra_dirs: Sequence[Path | str] = ()) -> Registry:
    return Registry([builtin_tileset_dir(), *extra_dirs])
