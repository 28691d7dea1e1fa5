"""Same games, same words: seeded games of every game, told in English and in French (the
turn log, the rules' questions and answers, the modules' lines and tokens, the final screen's
categories and details, every feature's card), read exactly as the committed expectation
says.  A change of how the words are found (a tile set's text, a module's view) must leave
them as they were; an intended change writes the expectation again:

    python scripts/same_words.py --checked | gzip -9n > tests/data/same_words.txt.gz
"""

from __future__ import annotations

import difflib
import gzip

from tests.script_modules import ROOT, load_file

EXPECTED = ROOT / "tests" / "data" / "same_words.txt.gz"


def test_seeded_games_read_as_before() -> None:
    script = load_file(ROOT / "scripts" / "same_words.py", "same_words")
    registry = script.default_registry()
    lines = [line for run in script.CHECKED for line in script.dump(registry, run)]
    expected = gzip.decompress(EXPECTED.read_bytes()).decode("utf-8").splitlines()
    diff = list(difflib.unified_diff(expected, lines, "expected", "now", lineterm="", n=1))
    assert not diff, "\n".join(diff[:60])
