"""Saved games and settings on disk, under the platform's user folders.

A save is the game's set-up, seed and move list: replaying the moves rebuilds the game
exactly.  Files are written atomically (temporary file, then replace).  A save that cannot
be read is reported and left as it is: it is never overwritten.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import PlatformDirs

from game.rules import PLACE, Game, IllegalAction, Place, RulesError, parse_action
from game.rules.model import StartDef
from game.rules.registry import Registry

APP_NAME = "carcassonne-family"
SAVE_FORMAT = 1
AUTOSAVE = "autosave.json"
MAX_NAME = 60  # characters in a save's name


class SaveError(Exception):
    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path.name}: {problem}")


@dataclass
class SavedGame:
    """What a save file holds: enough to rebuild the game by replaying its moves."""

    game: str
    expansions: list[str]
    players: list[str]
    colours: list[str]
    seed: int
    options: dict[str, Any]
    moves: list[str]
    forced: list[list[Any]] = field(default_factory=list)
    start: dict[str, Any] | None = None
    seats: list[str] = field(default_factory=list)  # "human" or a computer level, per seat
    saved_at: float = 0.0
    # What the load list shows without replaying: {"turn": n, "scores": [...], "over": bool}.
    # Saves written before it existed have none (the list replays them).
    summary: dict[str, Any] | None = None

    @classmethod
    def of(cls, game: Game, game_id: str, expansions: Sequence[str], colours: Sequence[str],
           seats: Sequence[str] = ()) -> SavedGame:
        start = None
        if game.start != game.tileset.start:
            s = game.start
            start = {"tile": s.tile, "at": list(s.at), "rotation": s.rotation}
        return cls(game=game_id, expansions=list(expansions), players=list(game.players),
                   colours=list(colours), seed=game.seed, options=dict(game.chosen_options),
                   moves=[str(m) for m in game.moves],
                   forced=[list(f) for f in game.forced], start=start, seats=list(seats),
                   saved_at=time.time(), summary=summary_of(game))

    def to_json(self) -> str:
        data = {"format": SAVE_FORMAT, **self.__dict__}
        return json.dumps(data, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, path: Path) -> SavedGame:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveError(path, f"not valid JSON ({exc.msg}, line {exc.lineno})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(path, "not a save file of this game")
        data.pop("format")
        try:
            saved = cls(**data)
        except TypeError as exc:
            raise SaveError(path, f"unexpected content ({exc})") from None
        if not (isinstance(saved.moves, list) and isinstance(saved.players, list)
                and isinstance(saved.seed, int)):
            raise SaveError(path, "unexpected content")
        return saved

    def restore(self, registry: Registry, path: Path) -> Game:
        """Rebuild the game by replaying the moves; any mismatch is reported as a SaveError."""
        try:
            tileset = registry.ruleset(self.game, self.expansions)
            start = None
            if self.start:
                s = self.start
                start = StartDef(str(s["tile"]), (int(s["at"][0]), int(s["at"][1])),
                                 int(s["rotation"]))
            moves = [parse_action(m) for m in self.moves]
            forced = [(int(f[0]), str(f[1]), str(f[2])) for f in self.forced]
            return Game.replay(tileset, self.players, self.seed, self.options, moves, forced,
                               start)
        except KeyError as exc:
            raise SaveError(path, str(exc.args[0])) from None
        except (RulesError, IllegalAction, ValueError, TypeError, IndexError) as exc:
            raise SaveError(path, f"the moves do not replay: {exc}") from None


def summary_of(game: Game) -> dict[str, Any]:
    """The turn (tiles drawn from the pile so far, the one in play included), the scores,
    and whether the game is over."""
    turn = sum(1 for m in game.moves if isinstance(m, Place)
               and game.tile_types[m.tile].pile == "main")
    return {"turn": turn + (0 if game.over or game.phase != PLACE else 1),
            "scores": list(game.scores), "over": game.over}


def save_file_name(name: str) -> str:
    """The file a save named ``name`` is written to: the name without characters a file
    system refuses, ``.json`` added.  ValueError for a name that is empty once cleaned."""
    cleaned = "".join("-" if c in '/\\:*?"<>|' or not c.isprintable() else c for c in name)
    cleaned = cleaned.strip().strip(".")[:MAX_NAME]
    if not cleaned:
        raise ValueError("a save needs a name")
    return f"{cleaned}.json"


def atomic_write(path: Path, text: str) -> None:
    """Write text so that a crash leaves either the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass
class SaveEntry:
    path: Path
    saved: SavedGame | None  # None when the file could not be read
    error: str | None


class Storage:
    """Saves and settings.  ``root`` overrides the platform folders (tests, portable use)."""

    def __init__(self, root: Path | None = None) -> None:
        env = os.environ.get("CARCASSONNE_HOME")
        if root is None and env:
            root = Path(env)
        if root is not None:
            self.data_dir = root / "data"
            self.config_dir = root / "config"
        else:
            dirs = PlatformDirs(APP_NAME, APP_NAME)
            self.data_dir = Path(dirs.user_data_dir)
            self.config_dir = Path(dirs.user_config_dir)
        self.saves_dir = self.data_dir / "saves"
        self.user_tilesets_dir = self.data_dir / "tilesets"

    # -- saves
    def save(self, saved: SavedGame, name: str | None = None) -> Path:
        """Write a save; ``name`` None makes a new dated file name."""
        if name is None:
            name = time.strftime("game-%Y%m%d-%H%M%S") + f"-{len(saved.moves)}.json"
        path = self.saves_dir / name
        if path.exists() and self._unreadable(path):
            self._keep_aside(path)
        atomic_write(path, saved.to_json())
        return path

    def autosave(self, saved: SavedGame) -> Path:
        return self.save(saved, AUTOSAVE)

    def load(self, path: Path) -> SavedGame:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise SaveError(path, f"cannot read ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise SaveError(path, "not a text file") from None
        return SavedGame.from_json(text, path)

    def autosave_path(self) -> Path:
        return self.saves_dir / AUTOSAVE

    def list_saves(self) -> list[SaveEntry]:
        """Every save, newest first; unreadable ones are listed with their error."""
        entries: list[SaveEntry] = []
        if not self.saves_dir.is_dir():
            return entries
        for path in self.saves_dir.glob("*.json"):
            try:
                entries.append(SaveEntry(path, self.load(path), None))
            except SaveError as exc:
                entries.append(SaveEntry(path, None, exc.problem))
        entries.sort(key=lambda e: e.path.stat().st_mtime, reverse=True)
        return entries

    def _unreadable(self, path: Path) -> bool:
        try:
            self.load(path)
        except SaveError:
            return True
        return False

    def _keep_aside(self, path: Path) -> Path:
        """Move an unreadable file out of the way instead of writing over it."""
        kept = path.with_name(f"{path.stem}.unreadable-{int(time.time() * 1000)}{path.suffix}")
        os.replace(path, kept)
        return kept

    # -- settings
    def load_settings(self) -> dict[str, Any]:
        path = self.config_dir / "settings.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, settings: Mapping[str, Any]) -> None:
        atomic_write(self.config_dir / "settings.json",
                     json.dumps(dict(settings), indent=1, ensure_ascii=False))

    # -- naming and removing saves
    def rename(self, path: Path, name: str) -> Path:
        """Give a save a new name; refuses a name another save has (FileExistsError)."""
        target = self.saves_dir / save_file_name(name)
        if target == path:
            return path
        if os.path.lexists(target):
            raise FileExistsError(f"a save named {target.stem} exists")
        os.rename(path, target)
        return target

    def delete(self, path: Path) -> None:
        """Remove a save for good (the window asks first)."""
        path.unlink(missing_ok=True)
