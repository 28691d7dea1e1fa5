"""The rules' announcements (a wolf, a flock herded, a harvest token taken, gold found) told in
the player's language, from what happened (``Notice.what`` and its values); an announcement
this file does not know is shown as the rules wrote it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.i18n import N_, _, ngettext
from game.rules import Game, Notice

from . import names

# Harvest tokens: (one as it is taken, none left)
_TOKENS: dict[str, tuple[str, str]] = {
    "apple": (N_("an apple token"), N_("No apple token left")),
    "strawberry": (N_("a strawberry token"), N_("No strawberry token left")),
    "pumpkin": (N_("a pumpkin token"), N_("No pumpkin token left")),
    "sunflower": (N_("a sunflower token"), N_("No sunflower token left")),
    "wheat": (N_("a wheat token"), N_("No wheat token left")),
    "scarecrow": (N_("a scarecrow token"), N_("No scarecrow token left")),
}

Values = Mapping[str, object]


def _int(values: Values, key: str) -> int:
    value = values.get(key, 0)
    return value if isinstance(value, int) else 0


def _players(game: Game, values: Values, key: str) -> list[int]:
    value = values.get(key, ())
    return [p for p in value if isinstance(p, int)] if isinstance(value, tuple) else []


def _draws(game: Game, player: str, values: Values) -> str:
    n = _int(values, "sheep")
    return ngettext("{player} drew {n} sheep", "{player} drew {n} sheep", n).format(
        player=player, n=n)


def _wolf(game: Game, player: str, values: Values) -> str:
    owners = names.listed([game.players[p] for p in _players(game, values, "owners")])
    lost = _int(values, "lost")
    home = ngettext("Wolf! The shepherd of {owners} goes home",
                    "Wolf! The shepherds of {owners} go home",
                    _int(values, "shepherds")).format(owners=owners)
    if not lost:
        return home
    return _("{wolf}, {sheep} lost").format(wolf=home, sheep=names.counted("sheep", lost))


def _herd(game: Game, player: str, values: Values) -> str:
    herders = _players(game, values, "players")
    n = _int(values, "sheep")
    who = names.listed([game.players[p] for p in herders])
    if len(herders) > 1:
        return ngettext("{players} herded {n} sheep: +{n} each",
                        "{players} herded {n} sheep: +{n} each", n).format(players=who, n=n)
    return ngettext("{players} herded {n} sheep: +{n}", "{players} herded {n} sheep: +{n}",
                    n).format(players=who, n=n)


def _takes(game: Game, player: str, values: Values) -> str:
    token = str(values.get("token", ""))
    known = _TOKENS.get(token)
    what = _(known[0]) if known else _("a {name} token").format(name=token)
    return _("{player} took {token}").format(player=player, token=what)


def _no_token(game: Game, player: str, values: Values) -> str:
    token = str(values.get("token", ""))
    known = _TOKENS.get(token)
    return _(known[1]) if known else _("No {name} token left").format(name=token)


def _gold(game: Game, player: str, values: Values) -> str:
    return _("{player} found gold: a bonus tile!").format(player=player)


def _gold_again(game: Game, player: str, values: Values) -> str:
    return _("{player} found gold again, but a turn has one bonus tile at most").format(
        player=player)


def _gold_none_left(game: Game, player: str, values: Values) -> str:
    return _("{player} found gold, but the bonus pile is empty").format(player=player)


_SENTENCES: dict[str, Callable[[Game, str, Values], str]] = {
    "draws": _draws, "wolf": _wolf, "herd": _herd, "takes": _takes, "no-token": _no_token,
    "gold": _gold, "gold-again": _gold_again, "gold-none-left": _gold_none_left,
}


def told(game: Game, notice: Notice) -> str:
    """The announcement in the player's language."""
    sentence = _SENTENCES.get(notice.what)
    if sentence is None:
        return notice.text
    player = game.players[notice.player] if notice.player is not None else ""
    return sentence(game, player, dict(notice.values))
