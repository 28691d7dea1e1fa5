"""One game, one place: the generic code (the view outside its modules' views, the window, the
Hint, the answers, the vocabulary) never names a rule module's things.  Everything the players
see of a module is in its view (``game/view/modules/``), and a game's kinds, figures and icons
are named by its tile set (``text:``), so adding a game edits none of these files.

A module's words are found, not listed by hand: its id, the scenario turn keys it owns, the
names of what it defines (its classes, its notices), the words of its constants (tokens,
figures, questions and answers, piles) and the score categories it awards, plus a few words
its rulebook uses that no constant spells (a hiker, a wolf's plural).  A tile set's kind
names are not a module's: the art draws every kind by name (``palette``), whichever rule
acts on it.  The generic files are read as code (names and strings): their comments and
docstrings may give a module's thing as an example.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from game.rules.modules import MODULES
from game.rules.registry import Registry

from .script_modules import ROOT

GAME = ROOT / "game"
GENERIC = sorted({*GAME.joinpath("view").glob("*.py"), *GAME.joinpath("ui").rglob("*.py"),
                  GAME / "review" / "hints.py", GAME / "review" / "answers.py",
                  GAME / "words" / "vocabulary.py"})

# Words of a module's rulebook that none of its constants spells.
SPOKEN = {"hill-dale": {"hiker", "hiking"}, "shepherds": {"wolves", "herding"},
          "hunters-gatherers": {"nugget", "hunt"}, "farmers": {"farmer"}}

# A module's word that is also a plain word of the generic code, with why it may stay.
GENERIC_WORDS = {
    "hand": "the engine's hand of tiles (Game.hands); the module of that name only sets its "
            "size",
    "under": "an English preposition; the Hills' scenario turn key",
    "grow": "an English verb (an outline grows, the country grows); one of the Hills & Sheep "
            "answers",
    "meeple": "the shape every figure without a sprite of its own is drawn in; Over Hill and "
              "Dale calls its figure so",
    "hill": "a tile mark the art paints as land (a relief), as it draws every mark by its "
            "name; the Hills module reads the same mark",
}


def _constants(path: Path) -> set[str]:
    """The words of a rule module file's constants and of the score categories and random
    outcomes it names in its calls."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    values: list[ast.AST] = [n.value for n in tree.body if isinstance(n, ast.Assign)]
    values += [arg for n in ast.walk(tree) if isinstance(n, ast.Call)
               and isinstance(n.func, ast.Attribute)
               and n.func.attr in ("award", "draw", "draw_from_deck") for arg in n.args]
    for value in values:
        for node in ast.walk(value):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.update(re.findall(r"[a-z][a-z-]+", node.value.lower()))
    found |= {n.name.lower() for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    return found


def module_words(registry: Registry) -> dict[str, str]:
    """Every rule module's own words -> the module they belong to."""
    words: dict[str, str] = {}
    files = {Path(cls.__module__.replace(".", "/") + ".py"): name
             for name, cls in MODULES.items()}
    for path in sorted(set(files)):
        owner = ", ".join(sorted(n for p, n in files.items() if p == path))
        for word in _constants(ROOT / path):
            words.setdefault(word, owner)
    for name, cls in MODULES.items():
        words[name] = name
        words.update({key.name: name for key in cls.turn_keys})
        words.update(dict.fromkeys(SPOKEN.get(name, ()), name))
    kinds = {kind for tileset in registry.sets.values() for kind in tileset.kinds}
    return {w: owner for w, owner in words.items()
            if w not in kinds and w not in GENERIC_WORDS and len(w) > 2}


def _docstring_lines(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                out.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return out


def code_words(path: Path) -> list[tuple[int, str]]:
    """(line, word) of every name and string of a file, comments and docstrings left out; a
    name is split at its underscores and capitals."""
    source = path.read_text(encoding="utf-8")
    docs = _docstring_lines(ast.parse(source))
    out: list[tuple[int, str]] = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME:  # its words, and itself whole (a class's name)
            parts = [*re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", tok.string),
                     tok.string.replace("_", "")]
        elif tok.type == tokenize.STRING and tok.start[0] not in docs:
            parts = re.findall(r"[A-Za-z][A-Za-z-]*[A-Za-z]", tok.string)
        else:
            continue
        out += [(tok.start[0], part.lower()) for part in parts]
    return out


def _named(word: str, words: dict[str, str]) -> str | None:
    """The module word ``word`` is (itself, or as a plural)."""
    for form in (word, word[:-1], word[:-2]):
        if form in words:
            return form
    return None


def test_generic_code_names_no_modules_thing(registry: Registry) -> None:
    words = module_words(registry)
    assert {"shepherd", "wolf", "sheep", "gold", "hike", "hiker", "harvest", "farmers",
            "hill-dale", "flock"} <= set(words)  # the finding finds what it must
    found = []
    for path in GENERIC:
        for line, word in code_words(path):
            named = _named(word, words)
            if named is not None:
                found.append(f"{path.relative_to(ROOT)}:{line}: '{word}' "
                             f"(of {words[named]})")
    assert not found, "\n".join(found)


def test_the_scan_sees_a_modules_word_in_code_not_in_comments(tmp_path: Path,
                                                              registry: Registry) -> None:
    words = module_words(registry)
    sample = tmp_path / "sample.py"
    sample.write_text('"""A wolf in a docstring is an example."""\n'
                      "# so is a shepherd in a comment\n"
                      "def sound_of(notice: str) -> str:\n"
                      '    return "wolf" if notice == "WolfDrawn" else "tile"\n'
                      "hiker_cells = []\n", encoding="utf-8")
    named = {(line, _named(word, words)) for line, word in code_words(sample)
             if _named(word, words) is not None}
    assert named == {(4, "wolf"), (4, "wolfdrawn"), (5, "hiker")}
