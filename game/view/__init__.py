"""What the window shows about a game, as text and plain data: pure Python (no pygame), read
by the window and by tests.  Strings go through ``game.words.i18n``.

Organised by what it describes: the rule modules' views (``modules``, one file per module:
its state lines, tokens, move labels, announcements and their sounds, awards, prompts, final
details); the turn log (``chronicle``, told with ``narrate`` and ``notices``); the feature
``cards``; the game's ``history``; small ``phrases``.  The words for a tile set's kinds,
figures and icons come from ``game.words.vocabulary``.  The functions below are what the
window asks: each asks every rule module's view of the game, so that nothing here names a
module's thing.

    from game import view
    view.module_lines(game)            # ["Bag: 17 tokens, 2 wolves", ...]
    view.figure_tokens(game, figure)   # ("sheep", 3) or None
    view.move_label(game, move)        # "+2" or None
    view.final_details(game)           # lines for the final scores screen
"""

from __future__ import annotations

from game.rules import Action, Game
from game.rules.features import Figure
from game.words.i18n import _
from game.words.vocabulary import kind_title

from .modules import VIEWS, views_of


def module_lines(game: Game) -> list[str]:
    """Lines about the rule modules' state (a bag of tokens, a bonus pile...)."""
    return [line for view, rule in views_of(game) for line in view.info(game, rule)]


def figure_tokens(game: Game, figure: Figure) -> tuple[str, int] | None:
    """The tokens beside a figure on the board, as (icon name, how many): a shepherd's
    sheep; None for a figure with none."""
    for view, rule in views_of(game):
        tokens = view.figure_tokens(game, rule, figure)
        if tokens is not None:
            return tokens
    return None


def move_label(game: Game, move: Action) -> str | None:
    """What a move offered in the figure step would bring, shown on its cell (a hike's
    points), or None."""
    for view, rule in views_of(game):
        label = view.move_label(game, rule, move)
        if label:
            return label
    return None


def move_name(game: Game, move: Action) -> str:
    """A move offered in the figure step in words (a hike and its points)."""
    for view, rule in views_of(game):
        name = view.move_name(game, rule, move)
        if name:
            return name
    return _("a move")


def move_prompt(game: Game, player: str) -> str:
    """The banner when the player may move a figure instead of placing one (a hike)."""
    for view, rule in views_of(game):
        text = view.move_prompt(game, rule, player)
        if text is not None:
            return text
    return _("{player}: move a figure (click a badge) or place one; Enter ends the "
             "turn").format(player=player)


def extra_prompt(game: Game, player: str) -> str:
    """The banner when the player places a second tile in the turn (a bonus tile)."""
    for view, rule in views_of(game):
        text = view.extra_prompt(game, rule, player)
        if text is not None:
            return text
    return _("{player}: a second tile! Drag it onto a lit cell").format(player=player)


def hint_award(game: Game, category: str) -> str:
    """What the Hint calls points a rule module scores ("a hike"), by their category."""
    for view, rule in views_of(game):
        text = view.hint_award(game, rule, category)
        if text is not None:
            return text
    return category


def score_categories(game: Game) -> list[str]:
    """The final screen's columns that stand even at zero: every kind that can score, then
    what the rule modules always show (the farmers' column)."""
    cats = [k.name for k in game.tileset.kinds.values() if k.points or k.final]
    for view, rule in views_of(game):
        cats += [c for c in view.categories(game, rule) if c not in cats]
    return cats


def category_title(game: Game, category: str) -> str:
    """What a score category is called on the final screen: "Cities", "Hikes"."""
    for view, rule in views_of(game):
        text = view.category_title(game, rule, category)
        if text is not None:
            return text
    if category in game.kinds:
        return kind_title(game.tileset, category, 2)
    return category.replace("_", " ").replace("-", " ").capitalize()


def final_details(game: Game) -> list[str]:
    """Lines explaining the rule modules' final scoring, for the final scores screen."""
    return [line for view, rule in views_of(game) for line in view.final_details(game, rule)]


def controls() -> list[tuple[str, str]]:
    """The rows every rule module's view adds to the controls page, as (what, how), marked
    for translation (translate them where they are shown)."""
    return [row for view in VIEWS.values() for row in view.controls]


def sound_names() -> list[str]:
    """Every sound a rule module's announcement may play (a file each)."""
    return list(dict.fromkeys(name for view in VIEWS.values() for name in view.sounds))


__all__ = ["category_title", "controls", "extra_prompt", "figure_tokens", "final_details",
           "hint_award", "module_lines", "move_label", "move_name", "move_prompt",
           "score_categories", "sound_names"]
