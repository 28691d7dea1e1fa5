"""Rule modules of Hills & Sheep (Moutons & collines): shepherds and their flocks, hills,
vineyards, as the Hills & Sheep rulebook says ('Bergers et moutons', 'Collines',
'Vignobles'); decisions where the text is silent: docs/games/hills-and-sheep.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..board import Cell
from ..host import Form, Phase, TurnKey
from . import Holding, RuleModule

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..features import Feature, Figure
    from ..host import Host

SHEPHERD = "shepherd"
CLOISTER = "cloister"
WOLF = "wolf"
HILL = "hill"
VINEYARD = "vineyard"
SHEEP = ("1", "2", "3", "4")
# « 18 jetons Mouton et Loup (4x 1 mouton, 5x 2 moutons, 5x 3 moutons, 2x 4 moutons, 2x loup) »
BAG: tuple[str, ...] = ("1",) * 4 + ("2",) * 5 + ("3",) * 5 + ("4",) * 2 + (WOLF,) * 2
FLOCK_KEY = "flock"
GROW, HERD = "grow", "herd"
HERDED = "sheep"  # the score category of a herded flock
VINEYARD_POINTS = 3


class SheepDrawn(NamedTuple):
    """A shepherd's owner drew sheep from the bag: they join its flock."""

    cells: tuple[Cell, ...]  # the shepherd's tile
    player: int  # who drew
    sheep: int  # 1 to 4


class WolfDrawn(NamedTuple):
    """A wolf came out of the bag: every shepherd of the field went home, its sheep back into
    the bag (Hills & Sheep rulebook, 'Agrandir le troupeau')."""

    cells: tuple[Cell, ...]  # the tiles of the shepherds sent home
    player: int  # who drew the wolf
    owners: tuple[int, ...]  # whose shepherds went home, each once
    shepherds: int  # how many went home
    lost: int  # the sheep that went back into the bag


class FlockHerded(NamedTuple):
    """A flock herded: every shepherd of the field scored all its sheep and went home."""

    cells: tuple[Cell, ...]  # the tiles of the shepherds
    player: int  # whose turn it was
    herders: tuple[int, ...]  # the players who scored, in seat order
    sheep: int  # what each of them scored


def sheep_in(tokens: Sequence[str]) -> int:
    """The sheep a list of tokens shows."""
    return sum(int(t) for t in tokens if t != WOLF)


def on_hill(host: Host, fig: Figure) -> bool:
    """Whether a figure stands on a hill tile."""
    return HILL in host.board.tiles[fig.cell].t.marks


class Shepherds(RuleModule):
    """Shepherds and the bag of sheep and wolves.

    A shepherd goes on a field instead of a follower and draws a token: sheep stay beside it,
    a wolf sends it home (the wolf goes back into the bag).  When a player's tile extends the
    field of their own shepherd they must grow (draw a token) or herd (every shepherd of that
    field scores all its sheep; tokens back into the bag, shepherds home) before the figure
    step.  A wolf drawn while growing clears the whole field.  Shepherds score nothing at the
    end and never count for a majority (``majority: false`` in the tile set).
    """

    name = "shepherds"
    turn_keys = (
        TurnKey("draws", Form.OUTCOMES, "tokens drawn from the bag this turn, in order "
                                        "(1 to 4 sheep, or wolf)"),
        TurnKey(FLOCK_KEY, Form.ANSWER, "the shepherd's choice when the tile extends their "
                                        "field: grow or herd"),
    )

    def __init__(self, host: Host) -> None:
        self.bag: list[str] = list(BAG)
        self.flocks: dict[int, list[str]] = {}  # shepherd figure id -> tokens beside it
        self.asking: int | None = None  # the shepherd the grow/herd question is about

    def clone(self) -> Shepherds:
        out = Shepherds.__new__(Shepherds)
        out.bag = list(self.bag)
        out.flocks = {fid: list(tokens) for fid, tokens in self.flocks.items()}
        out.asking = self.asking
        return out

    # ------------------------------------------------------------------ queries
    def field_of(self, host: Host, fig: Figure) -> int:
        """The root of the field a figure stands in."""
        return host.features.find(host.board.tiles[fig.cell].first + fig.index)

    def shepherds_in(self, host: Host, root: int) -> list[Figure]:
        return [f for f in host.features.figures[root] if f.kind == SHEPHERD]

    def flock_size(self, host: Host, root: int) -> int:
        """Sheep in a field: the tokens beside every shepherd standing in it."""
        return sum(sheep_in(self.flocks.get(f.id, ())) for f in self.shepherds_in(host, root))

    def shepherd_of(self, host: Host, player: int) -> Figure | None:
        figures = host.figures
        for fid in self.flocks:  # every shepherd on the board has a flock (maybe empty)
            fig = figures.get(fid)
            if fig is not None and fig.player == player:
                return fig
        return None

    # ------------------------------------------------------------------ hooks
    def after_place(self, host: Host, placed: PlacedTile) -> None:
        if not self.flocks:
            return
        fig = self.shepherd_of(host, host.current)
        if fig is None:
            return
        root = self.field_of(host, fig)
        feats = host.features
        field, find, first = feats.kind[root], feats.find, placed.first
        for i, kind in enumerate(placed.t.kinds):
            if kind == field and find(first + i) == root:
                break
        else:
            return  # the tile does not extend the shepherd's field
        self.asking = fig.id
        sheep = self.flock_size(host, root)
        host.request_choice(self, FLOCK_KEY, [GROW, HERD],
                            f"Flock of {sheep} sheep: grow or herd?")

    def on_choice(self, host: Host, key: str, choice: str) -> None:
        if key != FLOCK_KEY or self.asking is None:
            return
        fig = host.figures.get(self.asking)
        self.asking = None
        if fig is None:
            return
        if choice == HERD:
            self._herd(host, fig)
        else:
            self._draw(host, fig)

    def on_deploy(self, host: Host, figure: Figure, placed: PlacedTile) -> None:
        if figure.kind == SHEPHERD:
            self.flocks[figure.id] = []
            self._draw(host, figure)

    def after_scoring(self, host: Host, placed: PlacedTile) -> None:
        # A shepherd taken off the board by another rule (none in this set) leaves its
        # tokens behind: they go back into the bag, so that all 18 stay accounted for.
        figures = host.figures
        gone = [fid for fid in self.flocks if fid not in figures] if self.flocks else ()
        for fid in gone:
            self.bag.extend(self.flocks.pop(fid))

    # ------------------------------------------------------------------ the flock
    def _draw(self, host: Host, fig: Figure) -> None:
        """Draw a token for a shepherd: a sheep joins its flock, a wolf clears its field."""
        token = host.draw("draws", self.bag)
        if token == WOLF:
            self._wolf(host, fig)
            return
        self.bag.remove(token)
        self.flocks.setdefault(fig.id, []).append(token)
        host.notice(SheepDrawn((fig.cell,), fig.player, int(token)))

    def _wolf(self, host: Host, fig: Figure) -> None:
        """A wolf: every shepherd of the field goes home, every sheep there back into the bag
        (the wolf stays in the bag)."""
        root = self.field_of(host, fig)
        shepherds = self.shepherds_in(host, root) or [fig]
        lost = self.flock_size(host, root)
        self._clear(host, shepherds)
        host.notice(WolfDrawn(tuple(f.cell for f in shepherds), fig.player,
                              tuple(dict.fromkeys(f.player for f in shepherds)),
                              len(shepherds), lost))

    def _herd(self, host: Host, fig: Figure) -> None:
        """Herd: every shepherd of the field scores all its sheep, then all go home."""
        root = self.field_of(host, fig)
        shepherds = self.shepherds_in(host, root)
        sheep = self.flock_size(host, root)
        cells = sorted({f.cell for f in shepherds})
        players = sorted({f.player for f in shepherds})
        for player in players:
            host.award(player, sheep, HERDED, cells)
        self._clear(host, shepherds)
        host.notice(FlockHerded(tuple(cells), fig.player, tuple(players), sheep))

    def _clear(self, host: Host, shepherds: Sequence[Figure]) -> None:
        for f in shepherds:
            self.bag.extend(t for t in self.flocks.pop(f.id, ()) if t != WOLF)
            if f.id in host.figures:
                host.remove_figure(f)

    # ------------------------------------------------------------------ for players
    def tokens(self, host: Host, player: int) -> dict[str, int]:
        fig = self.shepherd_of(host, player)
        if fig is None:
            return {}
        return {"sheep": sheep_in(self.flocks.get(fig.id, ()))}

    def held_points(self, host: Host, player: int) -> int:
        # Herding scores the whole field's flock for every shepherd standing in it.
        fig = self.shepherd_of(host, player)
        return 0 if fig is None else self.flock_size(host, self.field_of(host, fig))

    def holding(self, host: Host, player: int) -> Holding | None:
        # The flock is herded, or grown by one token from the bag, only when the player's
        # own tile extends the shepherd's field; a flock never herded scores nothing.
        fig = self.shepherd_of(host, player)
        if fig is None:
            return None
        root = self.field_of(host, fig)
        bag = self.bag
        tokens = len(bag)
        counts = {t: bag.count(t) for t in SHEEP if t in bag}
        growth = tuple((int(t), n / tokens) for t, n in counts.items()) if tokens else ()
        lost = bag.count(WOLF) / tokens if tokens else 0.0
        asked = self.asking == fig.id and host.phase is Phase.CHOOSE
        return Holding(self.flock_size(host, root), root, growth, lost, HERDED, asked,
                       figure=fig.kind)


class Hills(RuleModule):
    """Hills: a tile slides unseen under each hill tile placed (the pile shrinks), and among
    players tied for a feature those with a follower on a hill tile win it (in play and at the
    final scoring, farms too).  Several tied players on hills stay tied among themselves."""

    name = "hills"
    turn_keys = (TurnKey("under", Form.OUTCOME,
                         "the tile slid under the hill tile placed this turn"),)

    def __init__(self, host: Host) -> None:
        self.under: list[tuple[Cell, str]] = []  # (hill cell, the tile under it)

    def clone(self) -> Hills:
        out = Hills.__new__(Hills)
        out.under = list(self.under)
        return out

    def after_place(self, host: Host, placed: PlacedTile) -> None:
        if HILL not in placed.t.marks:
            return
        tid = host.draw_from_deck("under")
        if tid is not None:
            self.under.append((placed.cell, tid))

    def adjust_winners(self, host: Host, figures: Sequence[Figure], winners: list[int]
                       ) -> list[int]:
        if len(winners) < 2:
            return winners
        defs = host.tileset.figures
        hill = [p for p in winners if any(f.player == p and defs[f.kind].majority
                                          and on_hill(host, f) for f in figures)]
        return hill or winners


class Vineyards(RuleModule):
    """A completed cloister scores 3 more for each vineyard tile among its 8 neighbours;
    nothing extra at the end for an incomplete one."""

    name = "vineyards"
    __slots__ = ()

    def adjust_points(self, host: Host, feature: Feature, completed: bool, points: int) -> int:
        if not completed or feature.kind != CLOISTER:
            return points
        (cell,) = feature.cells
        vineyards = sum(1 for t in host.board.neighbours8(cell) if VINEYARD in t.t.marks)
        return points + VINEYARD_POINTS * vineyards
