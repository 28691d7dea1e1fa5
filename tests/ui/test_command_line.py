"""Starting a game from the command line: the seats and their levels, the pace, and a clear
error for a game that cannot start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import LEVELS
from game.commands.play import parse_args
from game.store.storage import Storage

ROOT = Path(__file__).resolve().parents[2]


def run_game(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CARCASSONNE_HOME": str(home), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180, check=False)


def test_seats_name_humans_and_any_computer_level() -> None:
    args = parse_args(["--game", "carcassonne", "--seats", "human," + ",".join(LEVELS),
                       "--computer-pace", "instant"])
    assert args.seats == ["human", *LEVELS] and args.computer_pace == "instant"
    # the window's names of the levels, as its seat buttons say them
    assert parse_args(["--seats", "human,medium,hard"]).seats == ["human", "quick", "strong"]


@pytest.mark.parametrize("argv", [["--seats", "human,genius"], ["--seats", ""],
                                  ["--players", "3", "--seats", "human,quick"],
                                  ["--computer-pace", "slow"]])
def test_bad_seats_or_pace_are_refused(argv: list[str],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_a_computer_game_from_the_command_line_is_played_and_autosaved(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    result = run_game(home, "--game", "carcassonne", "--seats", "random,random", "--seed", "4",
                      "--computer-pace", "instant", "--quit-after", "10", "--size", "1280x800")
    assert result.returncode == 0, result.stderr
    storage = Storage(home)
    saved = storage.load(storage.autosave_path())
    assert saved.seats == ["random", "random"] and saved.seed == 4
    # instant: turns as fast as they are decided (dozens a second on a quiet machine; a few
    # are enough to tell the game was played, on a machine as loaded as it may be)
    assert len(saved.moves) >= 6


def test_a_game_that_cannot_start_is_a_clear_error(tmp_path: Path) -> None:
    result = run_game(tmp_path / "home", "--game", "chess", "--players", "2")
    assert result.returncode == 2
    assert "cannot start that game" in result.stderr and "chess" in result.stderr
    result = run_game(tmp_path / "home", "--game", "carcassonne", "--players", "9")
    assert result.returncode == 2 and "players" in result.stderr
    # as the rules say it, whatever the number of colours the window has
    assert "Carcassonne takes 2 to 5 players, not 9" in result.stderr


@pytest.mark.parametrize("argv", [["--size=-5x100"], ["--size", "0x800"],
                                  ["--size", "1280"], ["--size", "40000x800"],
                                  ["--size", "junk"], ["--players", "-1"],
                                  ["--quit-after", "nan"], ["--quit-after", "-1"]])
def test_a_size_players_or_time_out_of_bounds_is_a_usage_error(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Refused as the options are read (exit 2, the option named): a negative size reached
    the window and stopped it with a crash report, nan seconds never ended the run."""
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    assert argv[0].partition("=")[0] in capsys.readouterr().err


def test_a_size_under_the_least_window_opens_the_least_and_says_so(tmp_path: Path) -> None:
    result = run_game(tmp_path / "home", "--size", "800x500", "--quit-after", "0.5")
    assert result.returncode == 0, result.stderr
    assert "--size 800x500 is smaller than the game's text needs: the window opens at " \
        "960x640" in result.stderr


def test_the_size_is_read_as_width_and_height() -> None:
    assert parse_args(["--size", "1600x900"]).size == (1600, 900)
    assert parse_args(["--size", "1024X700"]).size == (1024, 700)
