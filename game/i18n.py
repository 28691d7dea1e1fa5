"""Translation of the text players see.

Every visible string goes through ``_`` (or ``ngettext`` for counts) so that the window can
speak more than one language; English is the source language.  Standard library only.
"""

from __future__ import annotations

import gettext

_translation: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for translation without translating it now (for text declared in
    tables at import time and translated where it is shown)."""
    return message
