"""YAML read within limits: nesting, values counted through aliases, text and integer
sizes, plain tags only; lines kept for every value."""

from __future__ import annotations

import pytest
import yaml

from game.rules import yamlsrc
from game.rules.yamlsrc import MAX_DEPTH, Located, YamlLimitError, load_located, shown


def test_values_keep_their_lines() -> None:
    doc = load_located("a: 1\nb:\n  - x\n  - {c: on}\n")
    assert isinstance(doc, Located) and doc.key_line("b") == 2
    assert doc["b"].item_lines == [3, 4] and doc["b"][1] == {"c": "on"}  # 'on' is a word


def test_nesting_up_to_the_limit_and_no_deeper() -> None:
    load_located("x: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1))
    with pytest.raises(YamlLimitError, match="nested more than"):
        load_located("x: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH)


def test_an_alias_is_its_anchor_and_counts_every_value_it_repeats(
        monkeypatch: pytest.MonkeyPatch) -> None:
    doc = load_located("a: &x [1, 2, 3]\nb: *x\n")
    assert doc["b"] is doc["a"]
    monkeypatch.setattr(yamlsrc, "MAX_NODES", 20)
    load_located("a: &x [1, 2, 3]\nb: [*x, *x, *x]\n")  # 1 + 4 + 1 + 3 * 4 = 18 values
    with pytest.raises(YamlLimitError, match="more than 20 values") as err:
        load_located("a: &x [1, 2, 3]\nb: [*x, *x, *x, *x]\n")
    assert err.value.problem_mark is not None and err.value.problem_mark.line == 1


@pytest.mark.parametrize(("text", "problem"), [
    ("a: " + "9" * 30, "an integer of 30 digits"),
    ("a: " + "x" * 5000, "a value of 5,000 characters"),
    ("a: !!python/name:os.system x", "the tag !!python/name:os.system is not allowed"),
    ("a: !custom x", "the tag !custom is not allowed"),
    ("a: !!binary aGk=", "the tag !!binary is not allowed"),
    ("a: !!int nine", "'nine' is not a valid int"),
    ("a: &x [*x]", "inside the collection it names"),
    ("a: *nothing", "names no anchor"),
    ("a: 1\na: 2", "duplicate key 'a'"),
    ("? [a]\n: 1", "a key must be a plain value"),
    ("a: 1\n---\nb: 2", "a second YAML document"),
])
def test_what_no_tile_set_needs_is_refused(text: str, problem: str) -> None:
    with pytest.raises(YamlLimitError, match=problem):
        load_located(text)


def test_plain_values_are_read_as_yaml_reads_them() -> None:
    doc = load_located("a: 0x1F\nb: 1.5\nc: null\nd: true\ne: 2002-01-01\nf: '7'\ng: <<\n")
    assert doc == {"a": 31, "b": 1.5, "c": None, "d": True, "e": "2002-01-01", "f": "7",
                   "g": "<<"}


def test_syntax_errors_stay_yaml_errors() -> None:
    with pytest.raises(yaml.YAMLError):
        load_located("a: [1, 2")


def test_a_value_shown_in_a_message_is_short() -> None:
    assert shown("x" * 100) == "'" + "x" * 39 + "…'"
    assert shown([1] * 10**6) == "a list" and shown({"a": 1}) == "a mapping"
    assert shown("a\x00b") == "'a?b'" and len(shown(10**50)) == 40
