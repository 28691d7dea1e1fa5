"""Translation of the text players see.

Every visible string goes through ``_`` (or ``ngettext`` for counts) so that the window can
speak more than one language; English is the source language.  The catalogs are standard
gettext ``.mo`` files in the package (``game/locale/fr/LC_MESSAGES/carcassonne.mo``), made
from their ``.po`` by ``scripts/i18n.py``.  The language is switched
at run time by ``set_language``: text drawn after the switch is in the new language.
Standard library only.
"""

from __future__ import annotations

import gettext
import locale
import os
from pathlib import Path

DOMAIN = "carcassonne"
SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "fr")  # the languages the window speaks; the first is the source
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"  # game/locale: package data

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return _translation.ngettext(singular, plural, n)


def is_plural(n: int) -> bool:
    """Whether ``n`` takes the plural in the current language (French: 0 and 1 do not), for
    words that come from data rather than from the catalog."""
    rule = getattr(_translation, "plural", None)
    return bool(rule(n)) if callable(rule) else n != 1


def decimal(value: float, digits: int = 1) -> str:
    """A number with ``digits`` decimals as the current language writes it (2.5, 2,5), a
    negative one with the minus sign, as the review's "−4.2 points" writes it (−12.5, not
    -12.5), and nothing rounded to zero signed."""
    text = f"{value:.{digits}f}"
    if text.startswith("-"):
        text = "−" + text[1:] if text.strip("-0.") else text[1:]
    return text.replace(".", ",") if _language == "fr" else text


def in_every_language(message: str) -> frozenset[str]:
    """``message`` as every language of ``LANGUAGES`` says it, and as the current one does:
    a default kept in a setting in one language (a seat's name, "Red") is recognised after
    the window changed to another ("Rouge")."""
    said = {message, _(message)}
    for code in LANGUAGES[1:]:
        said.add(gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True).gettext(message))
    return frozenset(said)


def N_(message: str) -> str:
    """Marks ``message`` for translation without translating it now (for text declared in
    mappings at import time and translated where it is shown)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular and plural pair for translation without translating it now (for
    mappings; ``ngettext`` picks and translates the form where it is shown)."""
    return singular, plural


def language() -> str:
    """The code of the language the window speaks now (``en``, ``fr``...)."""
    return _language


def system_language() -> str:
    """The system's language if the window speaks it, else English.  The environment
    variables gettext reads come first (as on every Unix desktop), then the locale the
    system reports (Windows and macOS set no variables)."""
    wanted: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            wanted.extend(value.split(":"))
            break
    try:
        code = locale.getlocale()[0]
    except ValueError:  # an unknown locale name in the environment
        code = None
    if code:
        wanted.append(code)
    for name in wanted:
        short = name.split(".")[0].split("_")[0].split("-")[0].lower()
        if short in ("c", "posix"):
            return SOURCE_LANGUAGE
        if short in LANGUAGES:
            return short
    return SOURCE_LANGUAGE


def set_language(choice: str) -> str:
    """Speak ``choice`` (a code of ``LANGUAGES``, or ``auto`` for the system's language)
    from now on; returns the code chosen.  A missing catalog leaves the text in English."""
    code = system_language() if choice == "auto" else choice
    if code not in LANGUAGES:
        code = SOURCE_LANGUAGE
    if code == SOURCE_LANGUAGE:
        use(gettext.NullTranslations(), code)
        return code
    use(gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True), code)
    return code


def use(translation: gettext.NullTranslations, code: str) -> None:
    """Speak through ``translation`` from now on (``set_language`` picks the catalog; tests
    install a pseudo-language here)."""
    global _translation, _language
    _translation = translation
    _language = code
