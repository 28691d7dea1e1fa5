"""What the person at the window handles during their turn: which tile of the hand, how it
is turned, the figure placed or the hike chosen and not confirmed yet.  What it decides is
an action for the scene to play; it never plays one itself."""

from __future__ import annotations

from game.rules import Action, Deploy, Game, Move, Place, Skip

from ...camera import Cell
from .hand import HandTray, hides_hands


class PersonTurn:
    def __init__(self, game: Game, hand: HandTray) -> None:
        self.game = game
        self.hand = hand
        self.rotation = 0  # quarter turns of the tile being handled
        self.pending: Deploy | Move | None = None
        self.viewer: int | None = None  # the person whose hand was last shown

    def placement(self, cell: Cell, rotation: int) -> Place | None:
        """The tile being handled, turned so, on ``cell``: if that is legal."""
        tile = self.hand.handled()
        if tile is None:
            return None
        action = Place(tile, cell[0], cell[1], rotation * 90)
        return action if action in self.game.legal_placements(tile) else None

    def select(self, index: int) -> None:
        """Handle another tile of the hand (it starts unturned)."""
        if index != self.hand.selected and self.hand.select(index):
            self.rotation = 0

    def cycle(self, step: int) -> None:
        if self.hand.cycle(step):
            self.rotation = 0

    def rotate(self, step: int, hovered: Cell | None) -> None:
        """Turn the tile being handled; on a hovered cell, through its legal rotations, from
        the one it shows there (the player's if it fits, else the first that fits)."""
        tile = self.hand.handled()
        if tile is None:
            return
        legal = self.game.legal_placements(tile)
        if hovered is not None and legal.rotations(hovered):
            rots = [r // 90 for r in legal.rotations(hovered)]
            i = rots.index(self.rotation) if self.rotation in rots else 0
            self.rotation = rots[(i + step) % len(rots)]
        else:
            self.rotation = (self.rotation + step) % 4

    def confirmed(self) -> Action | None:
        """The figure or hike held (else ending the turn without one), if it is legal."""
        action: Action = self.pending if self.pending is not None else Skip()
        self.pending = None
        return action if action in self.game.legal_actions() else None

    def take_back(self) -> bool:
        """The figure or hike held goes back, else the last move is undone (its tile back
        in hand, turned as it was); True when a move was undone."""
        if self.pending is not None:
            self.pending = None
            return False
        if not self.game.can_undo:
            return False
        last = self.game.moves[-1]
        self.game.undo()
        if isinstance(last, Place):
            self.rotation = last.rotation // 90
            tiles = self.hand.tiles()
            if last.tile in tiles:
                self.hand.select(tiles.index(last.tile))
        return True

    def began(self, person: bool, people: int, pass_screen: bool) -> bool:
        """A turn began: in a game of private hands, a computer's hand is face down, and so
        is a person's who takes the mouse from another (of ``people`` at the window, with
        the pass screen on) until they show up: True then."""
        private = hides_hands(self.game)
        if not person:
            self.hand.face_down = private
            return False
        self.hand.face_down = (private and people > 1 and self.viewer != self.game.current
                               and pass_screen)
        if not self.hand.face_down:
            self.viewer = self.game.current
        return self.hand.face_down

    def shown(self) -> None:
        """The person took the mouse: their hand shows."""
        self.hand.face_down = False
        self.viewer = self.game.current

    def ended(self) -> None:
        """A new turn: the first tile of the hand, unturned."""
        self.rotation = 0
        self.hand.reset()
