"""Every option and argument of the project's commands says what it is in their --help: a
player or a club reading ``python -m game.server --help`` meets no bare ``--expansions``."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

import pytest

from game.commands import play, scenario, server, sim, tileset

Command = Callable[[Sequence[str]], object]


class Built(Exception):
    """The parser a command made, stopped before it parses anything."""

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        super().__init__(parser.prog)
        self.parser = parser


def parser_of(command: Command, monkeypatch: pytest.MonkeyPatch) -> argparse.ArgumentParser:
    def caught(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        raise Built(self)

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", caught)
    with pytest.raises(Built) as built:
        command([])
    return built.value.parser


def unsaid(parser: argparse.ArgumentParser) -> list[str]:
    """The options and arguments without a word of help, a sub-command's too."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += [f"{name} {what}" for what in unsaid(sub)]
        elif action.help is None:
            found.append("/".join(action.option_strings) or action.dest)
    return found


@pytest.mark.parametrize("command", [play.parse_args, server.parse_args, sim.main,
                                     tileset.main, scenario.main],
                         ids=["game", "server", "sim", "tileset", "scenario"])
def test_every_option_says_what_it_is(command: Command,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    assert unsaid(parser_of(command, monkeypatch)) == []
