"""Translation: the catalogs are compiled from their .po and translate every string of the
code; the tool that extracts, updates and compiles them; the language the window speaks."""

from __future__ import annotations

import gettext
import re
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from game.words import i18n
from tests.script_modules import load_file

ROOT = Path(__file__).resolve().parents[1]


def tool() -> ModuleType:
    """scripts/i18n.py, loaded by file."""
    return load_file(ROOT / "scripts" / "i18n.py", "i18n_tool")


def test_every_catalog_is_compiled_and_translates_every_string() -> None:
    assert tool().problems() == []


def test_the_catalog_translates_at_run_time() -> None:
    try:
        assert i18n.set_language("fr") == "fr"
        assert i18n._("Settings") == "Réglages"
        assert i18n.ngettext("extends your {feature} to {tiles} tile",
                             "extends your {feature} to {tiles} tiles", 0).startswith(
            "agrandit") and i18n.is_plural(2) and not i18n.is_plural(1)
        assert not i18n.is_plural(0)  # French: 0 takes the singular
    finally:
        i18n.set_language("en")
    assert i18n._("Settings") == "Settings" and i18n.is_plural(0)


def test_a_table_of_plural_pairs_is_extracted(tmp_path: Path) -> None:
    sources, _po = make_project(tmp_path, 'from game.words.i18n import N_plural\n'
                                          'COWS = {"cow": N_plural("{n} cow", "{n} cows")}\n')
    found = tool().extract(sources)
    assert list(found) == ["{n} cow"] and found["{n} cow"].plural == "{n} cows"
    assert i18n.N_plural("{n} cow", "{n} cows") == ("{n} cow", "{n} cows")


def test_a_plural_needs_every_form_of_the_language(tmp_path: Path) -> None:
    t = tool()
    sources, po = make_project(tmp_path, 'from game.words.i18n import ngettext\n'
                                         'def f(n):\n'
                                         '    return ngettext("{n} cow", "{n} cows", n)\n')
    t.update(sources / "locale", sources)
    text = po.read_text(encoding="utf-8").replace('msgstr[0] ""\nmsgstr[1] ""',
                                                  'msgstr[0] "{n} vache"')
    po.write_text(text, encoding="utf-8")
    t.update(sources / "locale", sources)  # compiled: only the form count is wrong
    assert [p for p in t.problems(sources / "locale", sources)
            if "no translation of '{n} cow'" in p]


def test_an_unknown_language_speaks_english() -> None:
    assert i18n.set_language("tlh") == "en"
    assert i18n.language() == "en"


def make_project(tmp_path: Path, code: str) -> tuple[Path, Path]:
    sources = tmp_path / "game"
    sources.mkdir()
    (sources / "a.py").write_text(code, encoding="utf-8")
    po = sources / "locale" / "fr" / "LC_MESSAGES" / "carcassonne.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    return sources, po


def test_the_tool_extracts_updates_and_compiles(tmp_path: Path) -> None:
    t = tool()
    sources, po = make_project(tmp_path, 'from game.words.i18n import _, N_, ngettext\n'
                                         'A = N_("Hello")\n'
                                         'def f(n):\n'
                                         '    return _("Bye \\"you\\"\\n") + ngettext("{n} tile",'
                                         ' "{n} tiles", n) + _(A)\n')
    t.update(sources / "locale", sources)
    assert set(t.extract(sources)) == {"Hello", 'Bye "you"\n', "{n} tile"}
    found = t.problems(sources / "locale", sources)
    assert len(found) == 3 and all("no translation" in p for p in found)
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "Hello"\nmsgstr ""', 'msgid "Hello"\nmsgstr "Bonjour"')
    text = text.replace('msgid "Bye \\"you\\"\\n"\nmsgstr ""',
                        'msgid "Bye \\"you\\"\\n"\nmsgstr "Salut \\"toi\\"\\n"')
    text = text.replace('msgstr[0] ""\nmsgstr[1] ""', 'msgstr[0] "{n} tuile"\n'
                                                        'msgstr[1] "{n} tuiles"')
    po.write_text(text, encoding="utf-8")
    found = t.problems(sources / "locale", sources)
    assert found == [f"{po.with_suffix('.mo')} is not compiled from its .po"]  # stale .mo
    t.update(sources / "locale", sources)
    assert t.problems(sources / "locale", sources) == []
    with po.with_suffix(".mo").open("rb") as f:
        catalog = gettext.GNUTranslations(f)
    assert catalog.gettext("Hello") == "Bonjour"
    assert catalog.gettext('Bye "you"\n') == 'Salut "toi"\n'
    assert catalog.ngettext("{n} tile", "{n} tiles", 1) == "{n} tuile"
    assert catalog.ngettext("{n} tile", "{n} tiles", 2) == "{n} tuiles"
    assert catalog.ngettext("{n} tile", "{n} tiles", 0) == "{n} tuile"  # French plurals
    # A string that leaves the code leaves the catalog; a new one comes in untranslated.
    (sources / "a.py").write_text('from game.words.i18n import _\nX = _("Hello")\nY = _("New")\n',
                                  encoding="utf-8")
    t.update(sources / "locale", sources)
    _header, messages = t.read_po(po)
    assert set(messages) == {"Hello", "New"} and messages["Hello"].translations == ["Bonjour"]
    assert t.problems(sources / "locale", sources) == [
        "carcassonne.po (fr): no translation of 'New' (game/a.py)"]


def test_the_same_po_always_compiles_to_the_same_bytes(tmp_path: Path) -> None:
    t = tool()
    po = ROOT / "game" / "locale" / "fr" / "LC_MESSAGES" / "carcassonne.po"
    header, messages = t.read_po(po)
    assert t.compile_mo(header, messages) == t.compile_mo(*t.read_po(po))
    copy = tmp_path / "fr" / "LC_MESSAGES"
    copy.mkdir(parents=True)
    shutil.copy(po.with_suffix(".mo"), copy / "carcassonne.mo")
    assert gettext.translation("carcassonne", tmp_path, ["fr"]).gettext("Close") == "Fermer"


def test_a_broken_po_names_its_line(tmp_path: Path) -> None:
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "A"\nmsgstr unquoted\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"x\.po:5: expected a quoted string"):
        tool().read_po(po)


def test_a_negative_decimal_has_the_minus_sign_of_the_reviews_losses() -> None:
    """The review's summary shows "−7.0 ± 0.1 points" beside a gain by kind: the two read
    with one minus sign, and a part rounded to nothing is not "-0.0"."""
    try:
        assert i18n.decimal(-12.46) == "−12.5"
        assert i18n.decimal(12.46) == "12.5"
        assert i18n.decimal(-0.04) == "0.0"
        i18n.set_language("fr")
        assert i18n.decimal(-12.46) == "−12,5"
    finally:
        i18n.set_language("en")


def test_an_english_string_ends_short_with_an_ellipsis_not_three_dots() -> None:
    """"…" is one character, as the French says it: "..." would be three."""
    dotted = [m for m in tool().extract() if "..." in m]
    assert dotted == []


def french() -> list[str]:
    """Every French translation of the catalog."""
    _header, messages = tool().read_po(ROOT / "game" / "locale" / "fr" / "LC_MESSAGES"
                                       / "carcassonne.po")
    return [text for m in messages.values() for text in m.translations]


def test_the_french_clicks_on_things_and_keeps_the_plateau_for_the_board() -> None:
    """French clicks *on* a cell ("cliquer sur"), and its "plateau" is the board: the tile
    waiting to be placed is dragged from the panel on the right."""
    texts = french()
    assert [t for t in texts if re.search(r"\bcliqu(?:er|ez) (?!sur\b)", t)] == []
    assert [t for t in texts if re.search(r"glisser du plateau", t)] == []


def test_no_french_phrase_stops_on_a_preposition() -> None:
    """"Enter: end the turn with it" is no "Entrée : finir le tour avec": a French
    preposition needs what it governs before the next part of the line."""
    hanging = re.compile(r"\b(?:avec|de|à|pour|sur|dans|par|en)\s*(?:·|\)|$)")
    assert [t for t in french() if hanging.search(t)] == []


# An English phrase the window says in several places, and the French it is in each of them.
SAME_WORDS = {"Enter ends the turn": "Entrée finit le tour", "second tile": "deuxième tuile"}


def test_a_phrase_is_translated_the_same_wherever_it_is_said() -> None:
    _header, messages = tool().read_po(ROOT / "game" / "locale" / "fr" / "LC_MESSAGES"
                                       / "carcassonne.po")
    differ = [(m.msgid, text) for m in messages.values() for text in m.translations
              for english, french in SAME_WORDS.items()
              if english.lower() in m.msgid.lower() and french.lower() not in text.lower()]
    assert differ == []
