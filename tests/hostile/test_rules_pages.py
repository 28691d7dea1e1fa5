"""Rules pages from a player's tile set that ask for too much: a picture beyond a bound is not
drawn (its problem says why, in one short line), a page of thousands of pictures draws the
first ones and says how many it left out, and reading never fails on a number or a word."""

from __future__ import annotations

import pytest

from game.words.rulespages import MAX_PICTURES, Page, PageError, Picture, parse_page


def pictures(text: str) -> list[Picture]:
    return parse_page(text, "mine.en.md", "mine", "en").pictures()


def one_picture(body: str) -> Picture:
    (picture,) = pictures(f"# Mine\n\n```board\n{body}\n```\n")
    return picture


@pytest.mark.parametrize(("body", "problem"), [
    ("E 100000,100000", "more than 999 cells from 0,0"),  # the 42-byte picture
    ("E " + "9" * 4000 + ",0", "more than 999 cells from 0,0"),  # 4,000 digits
    ("E 0,0\nE 100,0", "spans 101 cells across"),
    ("E 0,0\nE 0,-900", "spans 901 cells down"),
    ("E 0,0 shepherd@SL:red sheep*" + "7" * 5000, "more than 99 tokens"),
    ("E 0,0 shepherd@SL:red sheep*100", "more than 99 tokens"),
    ("E 0,0 " + " ".join(["follower@N:red"] * 13), "more than 12 figures"),
    ("E 0,0 follower@N:red:" + "+" * 500, "its label than 12"),
    ("E 0,0 follower@" + "N" * 500 + ":red", "longer than 40 characters"),
    ("E" * 5000 + " 0,0", "a tile id is longer than 40"),
    ("\n".join(f"E {x},{y}" for x in range(9) for y in range(9)), "more than 64 tiles"),
])
def test_a_picture_beyond_a_bound_is_a_short_line(body: str, problem: str) -> None:
    picture = one_picture(body)
    assert picture.tiles == () and problem in picture.problem
    assert len(picture.problem) < 120


def test_a_picture_within_the_bounds_is_drawn() -> None:
    picture = one_picture("E 0,0 90 shepherd@SL:red:+8 sheep*99\nE 7,7 new")
    assert picture.problem == "" and len(picture.tiles) == 2


def test_ten_thousand_pictures_draw_the_first_and_say_so() -> None:
    text = "# Many\n\n" + "```board\nE 0,0\n```\n" * 10_000  # 190 KB
    page = parse_page(text, "mine.en.md", "mine", "en")
    drawn = [p for p in page.pictures() if not p.problem]
    (said,) = [p for p in page.pictures() if p.problem]
    assert len(drawn) == MAX_PICTURES and len(page.blocks) == 1 + MAX_PICTURES + 1
    assert said.problem == f"the page has 10,000 pictures: the first {MAX_PICTURES} are drawn"
    assert isinstance(page, Page) and page.blocks[-1] is said


@pytest.mark.parametrize("word", ["²", "٣", "9" * 6000])
def test_a_turn_that_is_no_quarter_turn_names_its_line(word: str) -> None:
    """A digit of another script or a turn of thousands of digits is a mistake, not a crash."""
    with pytest.raises(PageError) as info:
        parse_page(f"```board\nE 0,0 {word}\n```\n", "p.md", "s", "en")
    assert info.value.line == 2 and len(info.value.problem) < 200
