"""Every rule a game must meet beyond loading, checked for one tile set and its rules pages:
what ``python -m game.tileset check`` reports, and what the tests hold the built-in games to.
docs/adding-a-game.md states each rule; each finding names its file and line.

- **Words**: the set has a name in every language the window speaks, and every kind, figure
  and option value it declares has its words there (``text:``).
- **Looks**: every kind it declares has a look; every icon on its tiles and every figure has
  a drawing (or, for an icon, letters its look chose) (``look:``, ``game.rules.looks``).
- **Pages**: a rules page in every language (``help/<id>.<language>.md``) that reads; opens
  with a title, then a paragraph with the numbers of the set (the tiles of each pile, each
  figure a player has); tells the turn in numbered steps; holds a picture; has the same
  sections and pictures in every language; and each picture names only what the set has,
  shows tiles that fit as the rules allow, the points of a figure, and ``+N`` labels that
  are the points the rules score (``picture_points``).

Pure Python: the rules engine scores the pictures; nothing here draws.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules import Deploy, Game, IllegalAction, Place, Skip, TileSet
from game.rules.looks import icon_look, token_letters
from game.rules.model import StartDef
from game.rules.ports import OFFSETS
from game.rules.yamlsrc import Located
from game.words.i18n import LANGUAGES, SOURCE_LANGUAGE
from game.words.pictures import picture_problems
from game.words.rulespages import (
    Heading,
    Page,
    PageError,
    Paragraph,
    Picture,
    PictureTile,
    page_file,
    read_page,
)

LANGUAGE_NAMES = {"en": "English", "fr": "French"}


@dataclass(frozen=True)
class Finding:
    """One rule a file breaks: where, and what to do about it."""

    path: str
    line: int | None
    problem: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.problem}" if self.line else \
            f"{self.path}: {self.problem}"


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code, code)


def check_set(tileset: TileSet, doc: Any, path: str, sprites: Path,
              languages: Sequence[str] = LANGUAGES) -> list[Finding]:
    """Every rule the tile set file ``path`` (parsed as ``doc``, built as ``tileset``: merged
    with its game when it is an expansion) and its rules pages beside it break."""
    found = [*text_findings(tileset, doc, path, languages),
             *look_findings(tileset, doc, path, sprites)]
    found += page_findings(tileset, doc, Path(path).parent, languages)
    return found


# -- words ---------------------------------------------------------------------------------

def _own(doc: Any, key: str) -> Located:
    """The mapping ``key`` of the file's document (its own kinds, figures...), or none."""
    value = doc.get(key) if isinstance(doc, Located) else None
    return value if isinstance(value, Located) else Located()


def _text_line(doc: Any, code: str) -> int | None:
    text = _own(doc, "text")
    if code in text and isinstance(text[code], Located):
        return text.key_line(code)
    return doc.key_line("text") if isinstance(doc, Located) and "text" in doc else 1


def text_findings(tileset: TileSet, doc: Any, path: str,
                  languages: Sequence[str] = LANGUAGES) -> Iterator[Finding]:
    """A name in every language, and words for every kind, figure and option value the file
    declares."""
    for code in languages:
        text = tileset.text.get(code)
        said = language_name(code)
        line = _text_line(doc, code)
        if code != SOURCE_LANGUAGE and (text is None or not text.name):
            yield Finding(path, line, f"no name in {said}: text: {code}: name: ...")
        for part, table in (("kinds", text.kinds if text else {}),
                            ("figures", text.figures if text else {})):
            missing = [name for name in _own(doc, part) if name not in table]
            if missing:
                yield Finding(path, line, f"no words in {said} for the {part} "
                                          f"{', '.join(missing)}: text: {code}: {part}: "
                                          f"{{{missing[0]}: [singular, plural, "
                                          f"{'the' if part == 'kinds' else 'a'} ...]}}")
        for name in _own(doc, "options"):
            option = tileset.options[name]
            meant = text.options.get(name) if text else None
            values = meant.values if meant else {}
            unexplained = [str(v) for v in option.values if str(v) not in values
                           or not (values[str(v)].label and values[str(v)].explain)]
            if meant is None or unexplained:
                yield Finding(path, _own(doc, "options").key_line(name),
                              f"option '{name}' is not explained in {said}: text: {code}: "
                              f"options: {name}: name and, for each value "
                              f"({', '.join(unexplained or ['...'])}), label and explain")


# -- looks ---------------------------------------------------------------------------------

def _drawing(sprites: Path, folder: str, name: str) -> bool:
    return bool(name) and (sprites / folder / f"{name}.svg").is_file()


def look_findings(tileset: TileSet, doc: Any, path: str, sprites: Path) -> Iterator[Finding]:
    """A look for every kind the file declares; a drawing for every icon on its tiles (or the
    letters its look chose) and for every figure it declares."""
    looks = tileset.looks
    kinds = _own(doc, "kinds")
    for name in kinds:
        if name not in looks.kinds:
            yield Finding(path, kinds.key_line(name),
                          f"kind '{name}' has no look: it is drawn flat, as a plain "
                          f"{tileset.kinds[name].role}; give it one under look: kinds: "
                          f"{name}: (texture, colour, edge)")
    own_id = tileset.id
    first_use: dict[str, int] = {}
    for tile in tileset.tiles:
        if tile.source != own_id:
            continue
        for icon in [*(i for f in tile.features for i in f.icons), *tile.icons]:
            first_use.setdefault(icon.name, tile.line)
    for name, line in first_use.items():
        look = icon_look(looks, name)
        if look.relief is None and not look.letters and not _drawing(sprites, "icons",
                                                                     look.sprite):
            yield Finding(path, line, f"icon '{name}' has no drawing (sprites/icons/"
                                      f"{look.sprite or name}.svg): it is drawn as a token "
                                      f"lettered '{token_letters(name)}'; give it one under "
                                      f"look: icons: {name}: (sprite or letters)")
    figures = _own(doc, "figures")
    for name in figures:
        sprite = looks.figures[name].sprite if name in looks.figures else name
        if not _drawing(sprites, "figures", sprite):
            yield Finding(path, figures.key_line(name),
                          f"figure '{name}' has no drawing (sprites/figures/{sprite}.svg): it "
                          f"is drawn as a follower; give it one under look: figures: {name}: "
                          f"(sprite)")


# -- pages ---------------------------------------------------------------------------------

def page_findings(tileset: TileSet, doc: Any, folder: Path,
                  languages: Sequence[str] = LANGUAGES) -> list[Finding]:
    """The rules of the set's pages in ``folder/help/``, each language's and between them
    (``doc``: the set's file, parsed)."""
    found: list[Finding] = []
    pages: dict[str, Page] = {}
    for code in languages:
        path = page_file(folder, tileset.id, code)
        if not path.is_file():
            found.append(Finding(str(path), None, f"no rules page in {language_name(code)}"
                                                  f"{_fallback(code)}"))
            continue
        try:
            pages[code] = read_page(path, tileset.id, code)
        except PageError as err:
            found.append(Finding(err.path, err.line, err.problem))
    scored: dict[tuple[PictureTile, ...], dict[str, int] | None] = {}
    for code, page in pages.items():
        found += page_rules(page, tileset, code, list(_own(doc, "figures")), scored)
    found += same_in_every_language(pages)
    return found


def _fallback(code: str) -> str:
    return (": the window makes one from the tile set's data" if code == SOURCE_LANGUAGE
            else ": its players read the English one")


def page_rules(page: Page, tileset: TileSet, code: str, own_figures: Collection[str],
               scored: dict[tuple[PictureTile, ...], dict[str, int] | None] | None = None
               ) -> list[Finding]:
    """What one page must hold: a title, its set's numbers (``own_figures``: the figures its
    file declares), the turn in steps, pictures that are boards the rules allow with the
    points they score."""
    path = page.path
    found: list[Finding] = []
    if not page.blocks or not isinstance(page.blocks[0], Heading) or page.blocks[0].level != 1:
        found.append(Finding(path, 1, "a page begins with its title: # Title"))
    found += [Finding(path, line, problem)
              for line, problem in opening_problems(page, tileset, code, own_figures)]
    if not any(isinstance(b, Paragraph) and b.marker == "1." for b in page.blocks):
        found.append(Finding(path, None, "the turn is not told in numbered steps (1. 2. 3.)"))
    if not page.pictures():
        found.append(Finding(path, None, "no picture: a ```board block shows a few tiles "
                                         "and what a figure scores"))
    cache = {} if scored is None else scored
    for picture in page.pictures():
        found += [Finding(path, picture.line, problem)
                  for problem in picture_rules(picture, tileset, cache)]
    return found


def own_piles(tileset: TileSet) -> Counter[str]:
    """How many tiles of each pile the set itself brings (an expansion: what it adds)."""
    piles = Counter[str]()
    for tile in tileset.tiles:
        if tile.source == tileset.id:
            piles[tile.pile] += tile.count
    return piles


def opening_problems(page: Page, tileset: TileSet, code: str, own_figures: Collection[str]
                     ) -> list[tuple[int, str]]:
    """The opening paragraph tells how many tiles each pile has and how many of each figure
    the set declares (``own_figures``) a player has, when two or more, as its data says."""
    opening = next((b for b in page.blocks if isinstance(b, Paragraph)), None)
    if opening is None:
        return [(1, "no opening paragraph: it tells the tiles and figures of the set")]
    text = " ".join(span.text for span in opening.spans)
    problems: list[tuple[int, str]] = []
    for pile, count in own_piles(tileset).items():
        if not re.search(rf"\b{count}\b", text):
            problems.append((opening.line, f"the opening paragraph does not say the {count} "
                                           f"tiles of the {pile} pile"))
    words = tileset.text[code].figures if code in tileset.text else {}
    for name, figure in tileset.figures.items():
        if figure.count < 2 or name not in words or name not in own_figures:
            continue
        told = f"{figure.count} {words[name].many}"
        if told not in text:
            problems.append((opening.line, f"the opening paragraph does not say '{told}' "
                                           f"(each player's {words[name].many})"))
    return problems


def same_in_every_language(pages: Mapping[str, Page]) -> list[Finding]:
    """Every language has the same sections (headings by level) and the same pictures, in
    the same order, as the English page (else the first one)."""
    if len(pages) < 2:
        return []
    first = pages.get(SOURCE_LANGUAGE) or next(iter(pages.values()))
    want = _shape(first)
    found: list[Finding] = []
    for page in pages.values():
        got = _shape(page)
        differ = next((i for i in range(max(len(got), len(want)))
                       if i >= len(got) or i >= len(want) or got[i][0] != want[i][0]), None)
        if page is first or differ is None:
            continue
        line = got[differ][2] if differ < len(got) else None
        there = (f"{want[differ][1]} (line {want[differ][2]})" if differ < len(want)
                 else "nothing more")
        found.append(Finding(page.path, line, f"not as {Path(first.path).name} says: there, "
                                              f"the next heading or picture is {there}"))
    return found


def _shape(page: Page) -> list[tuple[object, str, int]]:
    """The page's headings and pictures: what must be the same in every language, how to say
    it, and its line."""
    out: list[tuple[object, str, int]] = []
    for block in page.blocks:
        if isinstance(block, Heading):
            out.append((("heading", block.level), f"a heading of level {block.level}",
                        block.line))
        elif isinstance(block, Picture):
            out.append((("picture", block.tiles, block.problem), "a picture", block.line))
    return out


# -- pictures ------------------------------------------------------------------------------

def picture_rules(picture: Picture, tileset: TileSet,
                  scored: dict[tuple[PictureTile, ...], dict[str, int] | None]) -> list[str]:
    """What a picture breaks: a bound, a name the set lacks, tiles that do not fit, no
    points shown, points the rules do not score."""
    if picture.problem:
        return [picture.problem]
    named = picture_problems(picture, tileset)
    if named:
        return named
    problems = fit_problems(picture, tileset)
    labelled = {f.colour: f.label for t in picture.tiles for f in t.figures if f.label}
    if not labelled:
        problems.append("no figure shows what it scores (a label such as follower@S:red:+4)")
    if problems or any(f.tokens for t in picture.tiles for f in t.figures):
        return problems  # tokens (a flock) are drawn from a bag: the scenarios check those
    if picture.tiles not in scored:
        scored[picture.tiles] = picture_points(picture, tileset)
    got = scored[picture.tiles]
    if got is None:
        return ["no order of play reaches this board (each tile placed with its figure)"]
    wrong = [f"{colour} scores +{got[colour]}, not {label}" for colour, label in
             labelled.items() if f"+{got[colour]}" != label]
    return wrong


def fit_problems(picture: Picture, tileset: TileSet) -> list[str]:
    """Check the picture as the rules would: every tile touches another by a side, and
    every side it shares with a neighbour matches it (the rules' edge labels)."""
    tiles = {t.id: t for t in tileset.tiles}
    at = {pt.cell: tiles[pt.tile].rotations[pt.rotation] for pt in picture.tiles}
    problems: list[str] = []
    for pt in picture.tiles:
        turned = at[pt.cell]
        neighbours = 0
        for side, (dx, dy) in enumerate(OFFSETS):
            other = at.get((pt.cell[0] + dx, pt.cell[1] + dy))
            if other is None:
                continue
            neighbours += 1
            if turned.edges[side] != other.edges[(side + 2) % 4]:
                problems.append(f"{pt.tile} at {pt.cell} turned {pt.rotation * 90} does not "
                                f"fit its neighbour on side {'NESW'[side]}")
        if neighbours == 0 and len(picture.tiles) > 1:
            problems.append(f"{pt.tile} at {pt.cell} touches no other tile")
    return problems


def _touches(tile: PictureTile, placed: list[PictureTile]) -> bool:
    x, y = tile.cell
    return any(abs(x - p.cell[0]) + abs(y - p.cell[1]) == 1 for p in placed)


def _put(game: Game, tile: PictureTile, colours: list[str]) -> None:
    """Place a picture's tile and the figure on it.  A picture shows a position, not a whole
    game: the owner of the figure on a tile is made the player who places it."""
    if tile.figures:
        player = colours.index(tile.figures[0].colour)
        hands = game.hands
        hands[player], hands[game.current] = hands[game.current], hands[player]
        game.current = player
    game.force("tile", tile.tile)
    game.apply(Place(tile.tile, tile.cell[0], tile.cell[1], tile.rotation * 90))
    game.apply(Deploy(tile.figures[0].kind, tile.figures[0].target) if tile.figures else Skip())


def picture_points(picture: Picture, tileset: TileSet) -> dict[str, int] | None:
    """What each colour scores when the picture's tiles are placed one by one, each with its
    figure, in the first order (written order first) the rules allow: the points of the turn
    the last tile is placed, or, for a colour that scored nothing then, the final scoring's.
    None when no order is allowed (e.g. two figures shown in one city no tile joined)."""
    colours = list(dict.fromkeys(f.colour for t in picture.tiles for f in t.figures))
    players = colours + ["grey"] * (max(tileset.players[0], len(colours)) - len(colours))

    def play(game: Game, placed: list[PictureTile]) -> Game | None:
        if len(placed) == len(picture.tiles):
            return game
        for tile in picture.tiles:
            if tile in placed or not _touches(tile, placed):
                continue
            after = game.copy()
            try:
                _put(after, tile, colours)
            except IllegalAction:
                continue
            if (done := play(after, [*placed, tile])) is not None:
                return done
        return None

    for first in picture.tiles:
        if first.figures:
            continue
        start = StartDef(tile=first.tile, at=first.cell, rotation=first.rotation * 90)
        game = play(Game(tileset, players, seed=1, start=start), [first])
        if game is not None:
            during = list(game.scores)
            game.final_scoring()
            return {c: during[i] or game.scores[i] for i, c in enumerate(colours)}
    return None
