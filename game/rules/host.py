"""The door between the engine and the rule modules.

A rule module's hooks receive a ``Host``: what a hook may read of the game and the few things
it may do to it.  Modules never see the engine itself, never keep the host (it is passed to
every call) and so never form a reference cycle with a game.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .actions import Action
    from .board import Board, Cell
    from .events import Notice
    from .features import Feature, Features, Figure
    from .model import KindDef, OptionValue, TileSet


class Phase(enum.StrEnum):
    """Where the current player's turn stands."""

    PLACE = "place"  # a tile to place
    CHOOSE = "choose"  # a rule module's question to answer first
    FIGURE = "figure"  # a figure to place, a move to make, or pass
    OVER = "over"  # the game has ended


class Form(enum.StrEnum):
    """How a scenario turn key that a rule module owns is played (see docs/scenarios.md)."""

    OUTCOME = "outcome"  # one random outcome fixed: game.force(key, value)
    OUTCOMES = "outcomes"  # a list of random outcomes fixed, in the order they are drawn
    ANSWER = "answer"  # the answer to the module's question asked under the same key
    MOVE = "move"  # {to: [x, y]}: a Move instead of placing a figure
    EXTRA = "extra"  # {tile, at, rotation, place}: a tile drawn and placed in the same turn


@dataclass(frozen=True)
class TurnKey:
    """A scenario turn key a rule module owns."""

    name: str
    form: Form
    meaning: str  # one line for the documentation


class Asking(Protocol):
    """The rule module asking a question (a ``RuleModule``): the answer comes back to its
    ``on_choice``."""

    def on_choice(self, host: Host, key: str, choice: str) -> None: ...


class Host(Protocol):
    """What rule modules may read of a game and do to it."""

    @property
    def tileset(self) -> TileSet: ...
    @property
    def kinds(self) -> Mapping[str, KindDef]: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def current(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def last_cell(self) -> Cell | None:
        """The cell of the tile placed this turn (None before it is placed)."""
    @property
    def in_extra(self) -> bool:
        """The turn's second placement (a bonus tile) is under way."""
    @property
    def extra_tile(self) -> str | None: ...
    @property
    def board(self) -> Board:
        """Read only."""
    @property
    def features(self) -> Features:
        """Read only (``find``, the root entries, ``parts``, ``cells``, ``roots``)."""
    @property
    def figures(self) -> Mapping[int, Figure]: ...
    @property
    def moves(self) -> Sequence[Action]: ...

    def option(self, name: str) -> OptionValue: ...
    def feature(self, fid: int) -> Feature:
        """The whole feature that feature id ``fid`` belongs to."""
    def is_complete(self, fid: int) -> bool: ...
    def held_roots(self) -> list[int]:
        """The features holding figures (their roots), in id order."""
    def counted_points(self, feature: Feature, each: Mapping[str, int]) -> int:
        """A feature's points counted at ``each``: a kind's points per tile and per icon."""
    def winners(self, figures: Sequence[Figure]) -> list[int]:
        """Players with the most figures that count for majorities (after the modules)."""

    def award(self, player: int, points: int, category: str, cells: Sequence[Cell]) -> None:
        """Give points (marked final when the final scoring is under way)."""
    def draw(self, what: str, population: Sequence[str]) -> str:
        """A random outcome (the next forced one if a scenario fixed ``what``)."""
    def draw_from_deck(self, what: str) -> str | None:
        """Take a tile from the draw pile unseen; None when it is empty."""
    def request_choice(self, module: Asking, key: str, options: Sequence[str],
                       prompt: str) -> None:
        """Ask the current player a question before the figure step."""
    def grant_extra_placement(self, tile: str) -> bool:
        """A second placement this turn (at most one a turn); False when refused."""
    def notice(self, notice: Notice) -> None:
        """Announce something: a record of what happened, of a type the module defines (the
        module's view tells it)."""
    def remove_figure(self, fig: Figure) -> None:
        """Take a figure off its feature and send it home."""
    def move_figure(self, fig: Figure, cell: Cell, index: int) -> Figure:
        """Move a figure to feature ``index`` of the tile at ``cell``."""
