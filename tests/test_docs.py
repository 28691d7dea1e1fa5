"""The README and the pages under docs/ hold what they promise: every relative link leads to
a file of the repository (and its #anchor to a heading there), every documented command
answers (its ``--help`` runs and names every option the documentation gives it), and the
README stays short enough to read in a minute."""

from __future__ import annotations

import importlib
import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
README_MOST_LINES = 250
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]

FENCE = re.compile(r"^(`{3,}|~{3,})\s*(\S*)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# A code span, which may run over a line's end but not past its paragraph.
CODE_SPAN = re.compile(r"(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.DOTALL)
LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(\S+)")
HTML_SOURCE = re.compile(r"""<(?:img|a)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""")
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
# A command line of the project: its Python modules, scripts and the installed command.
COMMAND_START = re.compile(
    r"^(?:python3? |py )?(?:-m game\b|scripts/\w|(?:dist/)?carcassonne(?: |$))")
SHELL_BLOCKS = {"", "sh", "bash", "shell", "console", "bat", "powershell"}


@dataclass(frozen=True)
class Page:
    path: Path
    prose: list[tuple[int, str]]  # numbered lines outside code blocks, code spans blanked
    code_spans: list[tuple[int, str]]
    shell_lines: list[tuple[int, str]]  # lines of the shell code blocks
    python_blocks: list[tuple[int, str]]  # each Python code block, by its first line

    def where(self, line: int) -> str:
        return f"{self.path.relative_to(ROOT).as_posix()}:{line}"


@cache
def read(path: Path) -> Page:
    prose: list[tuple[int, str]] = []
    shell: list[tuple[int, str]] = []
    python: list[tuple[int, str]] = []
    fence: str | None = None
    language = ""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        opened = FENCE.match(line.strip())
        if fence is None and opened:
            fence, language = opened.group(1), opened.group(2).lower()
            if language == "python":
                python.append((number + 1, ""))
            continue
        if fence is not None:
            if line.strip().startswith(fence) and set(line.strip()) == {fence[0]}:
                fence = None
            elif language in SHELL_BLOCKS:
                shell.append((number, line))
            elif language == "python":
                python[-1] = (python[-1][0], python[-1][1] + line + "\n")
            continue
        prose.append((number, line))
    spans, prose = _code_spans(prose)
    return Page(path, prose, spans, shell, python)


def _code_spans(prose: list[tuple[int, str]]) -> tuple[list[tuple[int, str]],
                                                      list[tuple[int, str]]]:
    """The code spans of the prose (one may run over a line's end, as in any wrapped
    paragraph), and the prose with them blanked out: a link inside one is no link."""
    text = "\n".join(line for _, line in prose)
    spans = [(prose[text.count("\n", 0, match.start())][0],
              " ".join(match.group(2).split())) for match in CODE_SPAN.finditer(text)]
    blanked = CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text).split("\n")
    return spans, [(number, line) for (number, _), line in zip(prose, blanked, strict=True)]


def heading_anchor(text: str) -> str:
    """The anchor GitHub gives a heading: its words as read, lower case, without
    punctuation, spaces made hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link reads as its text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    text = re.sub(r"(\*+|_{2,})", "", text)
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    found = set()
    for _, line in read(path).prose:
        heading = HEADING.match(line)
        if not heading:
            continue
        anchor = heading_anchor(heading.group(2))
        count = seen.get(anchor, 0)
        seen[anchor] = count + 1
        found.add(anchor if count == 0 else f"{anchor}-{count}")
    return frozenset(found)


def links(page: Page) -> Iterator[tuple[int, str]]:
    for number, line in page.prose:
        for pattern in (LINK_TARGET, REFERENCE, HTML_SOURCE):
            for match in pattern.finditer(line):
                yield number, match.group(1)


def broken(page: Page, target: str) -> str | None:
    """Why a link of the page leads nowhere, or None when it leads to what it names."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
        return "leads out of the repository"
    file_part, _, anchor = target.partition("#")
    file = (page.path.parent / file_part).resolve() if file_part else page.path
    if file_part.startswith("/") or not file.is_relative_to(ROOT):
        return "leads out of the repository"
    if not file.exists():
        return "no such file"
    if anchor and (file.suffix != ".md" or anchor not in anchors(file)):
        return f"no heading #{anchor} in {file.relative_to(ROOT).as_posix()}"
    return None


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_leads_to_a_file_and_heading_of_the_repository(path: Path) -> None:
    page = read(path)
    bad = [f"{page.where(number)}: {target}: {why}" for number, target in links(page)
           if (why := broken(page, target))]
    assert bad == []


def test_the_link_checker_tells_a_broken_link() -> None:
    """The checks above fail where a page links to nothing (a file moved, a heading
    renamed), not only pass."""
    page = read(ROOT / "docs" / "playing.md")
    assert broken(page, "computer.md#the-review-of-a-game") is None
    assert broken(page, "computer.md#no-such-heading") is not None
    assert broken(page, "no-such-page.md") is not None
    assert broken(page, "../../outside.md") is not None
    assert broken(page, "https://example.org/") is not None
    assert heading_anchor("Hills & Sheep (Moutons & collines)") == "hills--sheep-moutons--collines"
    assert heading_anchor("A player's `guide`") == "a-players-guide"


def test_the_readme_reads_in_a_minute() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < README_MOST_LINES


def test_every_page_says_what_it_is_for() -> None:
    """Each page opens with its title, then a paragraph (not a list, table or picture)."""
    for path in PAGES:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        assert lines[0].startswith("# "), path
        assert re.match(r"^[A-Za-z*_`]", lines[1]), (path, lines[1])


def test_every_screenshot_is_shown() -> None:
    shown = {(page.path.parent / target).resolve()
             for page in map(read, PAGES) for _, target in links(page)}
    unshown = [p.name for p in sorted((ROOT / "docs" / "screenshots").glob("*.png"))
               if p.resolve() not in shown]
    assert unshown == []


def test_no_merge_leftover_lies_among_the_projects_files() -> None:
    """A merge tool's copies (``page.md.orig``, ``.rej``) are no pages: a reader finds
    an older text beside the real one."""
    folders = ("docs", "game", "scripts", "tests", "tilesets", "sprites", "packaging")
    left = sorted(str(p.relative_to(ROOT)) for folder in folders
                  for pattern in ("*.orig", "*.rej") for p in (ROOT / folder).rglob(pattern))
    left += sorted(p.name for pattern in ("*.orig", "*.rej") for p in ROOT.glob(pattern))
    assert left == []


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    readme = read(README)
    documented = [line.split("#")[0].strip() for _, line in readme.shell_lines]
    assert "scripts/test" in documented and "python scripts/test.py" in documented
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "scripts/test" in [line.strip() for line in ci]


def test_the_rules_core_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    (_, example), *_ = read(ROOT / "docs" / "rules-core.md").python_blocks
    exec(compile(example, "docs/rules-core.md", "exec"), {})  # its imports, moves and print
    assert capsys.readouterr().out.strip() != ""


def test_every_name_a_python_example_imports_is_there() -> None:
    missing = []
    for page in map(read, PAGES):
        for first, block in page.python_blocks:
            for offset, line in enumerate(block.splitlines()):
                imported = re.match(r"from (game[\w.]*) import (.+)", line)
                if not imported:
                    continue
                module = importlib.import_module(imported.group(1))
                missing += [f"{page.where(first + offset)}: {name}"
                            for name in re.findall(r"\w+", imported.group(2))
                            if not hasattr(module, name)]
    assert missing == []


# The documented commands.

@dataclass(frozen=True)
class Check:
    """How a documented program is asked whether it is there: the arguments given to Python
    (None for one that must not run here), and where the options it takes are named: "help"
    (what that run says), "source" (the program's file), or "game" (the game's help and the
    program's file, for scripts/play, whose options go to the game)."""
    run: tuple[str, ...] | None
    options_from: str


def documented_commands() -> list[tuple[str, str]]:
    """(where, command line) of every command of the project in a shell block or a code span."""
    found = []
    for page in map(read, PAGES):
        for number, text in [*page.shell_lines, *page.code_spans]:
            line = text.strip()
            if COMMAND_START.match(line):
                found.append((page.where(number), line))
    return found


def command_words(command: str) -> list[str]:
    """A command line's words, without its comment."""
    try:
        return shlex.split(command, comments=True)
    except ValueError:  # an unpaired quote in a placeholder: the words as written
        return command.split("#")[0].split()


def program(command: str) -> str:
    """The program a command line runs: ``-m MODULE`` or a file of the repository."""
    words = command_words(command)
    if words[0] in ("python", "python3", "py"):
        words = words[1:]
    if words[0] == "-m":
        return f"-m {words[1]}"
    if words[0] in ("carcassonne", "dist/carcassonne"):
        return "-m game"  # the same options as python -m game
    return words[0]


def check_for(name: str) -> Check:
    if name.startswith("-m "):
        return Check(("-m", name[3:], "--help"), "help")
    if name in ("scripts/play", "scripts/play.py"):  # its --help installs the game first
        return Check(("scripts/play.py", "--dry-run"), "game")
    if name in ("scripts/test", "scripts/test.py"):
        return Check(("scripts/test.py", "--help"), "help")
    if name == "scripts/_venv.py":  # making an environment is for the real commands
        return Check((name, "--dry-run"), "source")
    if name.startswith("scripts/") and name.endswith(".py"):
        return Check((name, "--help"), "help")
    return Check(None, "source")  # scripts/build, scripts/lock: they install, fetch, build


def answers(runs: list[tuple[str, ...]]) -> dict[tuple[str, ...], tuple[int, str]]:
    """Each run's exit status and output, all run in one other process (tests/help_runner.py:
    the game's modules imported once, a second or two in all)."""
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "tests/help_runner.py", json.dumps(runs)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads(done.stdout.splitlines()[-1])
    return {run: (status, said) for run, (status, said) in zip(runs, results, strict=True)}


def command_problems(commands: list[tuple[str, str]]) -> list[str]:
    """What is wrong with documented commands, each (where, command line): each program is
    asked once: it exists, its --help (or dry run) exits 0, and every option a command gives
    it is named in its help (or, for one that must not run here, in its source)."""
    programs: dict[str, list[tuple[str, str]]] = {}
    for where, command in commands:
        programs.setdefault(program(command), []).append((where, command))
    checks = {name: check_for(name) for name in programs}
    checks.setdefault("-m game", check_for("-m game"))
    runs = {name: check.run for name, check in checks.items() if check.run}
    answered = answers(sorted(set(runs.values())))  # scripts/play and play.py: one run
    said = {name: answered[run] for name, run in runs.items()}
    problems = [f"python {shlex.join(runs[name])}: exit {status}\n{text[-2000:]}"
                for name, (status, text) in said.items() if status != 0]
    problems += [f"{name}: no such file" for name in programs
                 if not name.startswith("-m ") and not (ROOT / name).is_file()]
    for name, uses in programs.items():
        options_from = checks[name].options_from
        named = said[name][1] if options_from == "help" else ""
        if options_from in ("source", "game") and (ROOT / name).is_file():
            named += (ROOT / name).read_text(encoding="utf-8")
        if options_from == "game":
            named += said["-m game"][1]
        for where, command in uses:
            given = OPTION.findall(" ".join(command_words(command)))
            unknown = [option for option in given if option != "--help"
                       and not re.search(re.escape(option) + r"(?![\w-])", named)]
            if unknown:
                problems.append(f"{where}: {command}: {unknown} unknown to {name}")
    return problems


def test_every_documented_command_answers_with_its_options() -> None:
    commands = documented_commands()
    assert len(commands) > 30  # the search finds the commands
    assert command_problems(commands) == []


def test_the_command_checker_tells_a_wrong_command() -> None:
    problems = command_problems([("a.md:1", "python -m game.tileset check --strictly"),
                                 ("a.md:2", "scripts/lock --sideways"),
                                 ("a.md:3", "python -m game.no_such_command"),
                                 ("a.md:4", "scripts/no_such_script")])
    assert len(problems) == 4, problems
    assert "['--strictly'] unknown to -m game.tileset" in problems[-2]
    assert "['--sideways'] unknown to scripts/lock" in problems[-1]
